import { Icon, type IconProps } from "@chakra-ui/react";
import type { ComponentType, ReactNode } from "react";

export type IconComponent = ComponentType<IconProps>;

// Small stroke icons drawn inline: emoji and symbol glyphs depend on the visitor's fonts (a bare
// headless browser shows empty boxes), and an icon package would be far heavier than these few shapes.
// They are decorative; the text beside each one carries the meaning.
const strokeIcon = (name: string, shapes: ReactNode): IconComponent => {
  const Glyph = (props: IconProps) => (
    <Icon aria-hidden {...props}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {shapes}
      </svg>
    </Icon>
  );
  Glyph.displayName = name;
  return Glyph;
};

export const ArrowLeftIcon = strokeIcon("ArrowLeftIcon", <path d="M19 12H5M12 19l-7-7 7-7" />);
export const MenuIcon = strokeIcon("MenuIcon", <path d="M3 6h18M3 12h18M3 18h18" />);
export const CloseIcon = strokeIcon("CloseIcon", <path d="M18 6 6 18M6 6l12 12" />);
export const CheckIcon = strokeIcon("CheckIcon", <path d="M20 6 9 17l-5-5" />);
export const PlayIcon = strokeIcon("PlayIcon", <path d="M6 4l14 8-14 8z" />);

export const TargetIcon = strokeIcon(
  "TargetIcon",
  <>
    <circle cx="12" cy="12" r="10" />
    <circle cx="12" cy="12" r="6" />
    <circle cx="12" cy="12" r="2" />
  </>,
);

export const BarChartIcon = strokeIcon("BarChartIcon", <path d="M3 3v18h18M8 17v-5M13 17V7M18 17v-8" />);

export const TrendingUpIcon = strokeIcon("TrendingUpIcon", <path d="m3 17 6-6 4 4 8-8M15 7h6v6" />);

export const ShieldIcon = strokeIcon("ShieldIcon", <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6zM9 12l2 2 4-4" />);

export const ZapIcon = strokeIcon("ZapIcon", <path d="M13 2 4 14h7l-1 8 9-12h-7z" />);

export const SlidersIcon = strokeIcon(
  "SlidersIcon",
  <>
    <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12" />
    <circle cx="16" cy="6" r="2" />
    <circle cx="10" cy="12" r="2" />
    <circle cx="18" cy="18" r="2" />
  </>,
);

export const GlobeIcon = strokeIcon(
  "GlobeIcon",
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20M12 2c2.8 2.9 4.3 6.2 4.3 10S14.8 19.1 12 22c-2.8-2.9-4.3-6.2-4.3-10S9.2 4.9 12 2z" />
  </>,
);

export const DollarIcon = strokeIcon(
  "DollarIcon",
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M15 9c-.5-1-1.6-1.6-3-1.6-1.7 0-3 .9-3 2.2 0 3.2 6 1.8 6 4.9 0 1.4-1.3 2.3-3 2.3-1.5 0-2.6-.6-3.1-1.6M12 6v1.4M12 16.8v1.2" />
  </>,
);

export const PlugIcon = strokeIcon("PlugIcon", <path d="M9 2v5M15 2v5M6 7h12v4a6 6 0 0 1-12 0zM12 17v5" />);

export const CpuIcon = strokeIcon(
  "CpuIcon",
  <>
    <rect x="6" y="6" width="12" height="12" rx="2" />
    <rect x="9.5" y="9.5" width="5" height="5" />
    <path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4" />
  </>,
);

export const UsersIcon = strokeIcon(
  "UsersIcon",
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.2a6.5 6.5 0 0 1 3.5 5.8" />
  </>,
);

export const FlagIcon = strokeIcon("FlagIcon", <path d="M5 21V4M5 4h12l-2.5 4 2.5 4H5" />);

export const VideoIcon = strokeIcon(
  "VideoIcon",
  <>
    <rect x="2" y="6" width="14" height="12" rx="2" />
    <path d="m16 10 6-3v10l-6-3" />
  </>,
);

export const BookIcon = strokeIcon(
  "BookIcon",
  <path d="M4 19.5v-15A1.5 1.5 0 0 1 5.5 3H20v15H5.5A1.5 1.5 0 0 0 4 19.5zm0 0A1.5 1.5 0 0 0 5.5 21H20v-3" />,
);

export const MessageIcon = strokeIcon("MessageIcon", <path d="M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12z" />);
