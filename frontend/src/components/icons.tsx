import { Icon, type IconProps } from "@chakra-ui/react";

// A handful of stroke icons drawn inline rather than pulling in an icon package for five glyphs.
const strokeIcon = (path: string, name: string) => {
  const Glyph = (props: IconProps) => (
    <Icon aria-hidden {...props}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d={path} />
      </svg>
    </Icon>
  );
  Glyph.displayName = name;
  return Glyph;
};

export const ArrowLeftIcon = strokeIcon("M19 12H5M12 19l-7-7 7-7", "ArrowLeftIcon");
export const MenuIcon = strokeIcon("M3 6h18M3 12h18M3 18h18", "MenuIcon");
export const CloseIcon = strokeIcon("M18 6 6 18M6 6l12 12", "CloseIcon");
export const CheckIcon = strokeIcon("M20 6 9 17l-5-5", "CheckIcon");
export const PlayIcon = strokeIcon("M6 4l14 8-14 8z", "PlayIcon");
