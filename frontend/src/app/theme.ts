import { createSystem, defineConfig } from "@chakra-ui/react";
import { chakraPreset } from "./chakra-preset";

type Scale = Record<50 | 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900 | 950, string>;

const tokenScale = (scale: Scale) =>
  Object.fromEntries(Object.entries(scale).map(([step, value]) => [step, { value }]));

// Chakra's built-in palettes lack these, so they get the same semantic slots as the built-in ones
// and then work with `colorPalette` on any component.
const paletteSlots = (name: string) => ({
  solid: { value: `{colors.${name}.600}` },
  contrast: { value: "white" },
  fg: { value: `{colors.${name}.800}` },
  muted: { value: `{colors.${name}.200}` },
  subtle: { value: `{colors.${name}.100}` },
  emphasized: { value: `{colors.${name}.300}` },
  focusRing: { value: `{colors.${name}.500}` },
});

const brand: Scale = {
  50: "#eef2ff",
  100: "#e0e7ff",
  200: "#c7d2fe",
  300: "#a5b4fc",
  400: "#818cf8",
  500: "#6366f1",
  600: "#4f46e5",
  700: "#4338ca",
  800: "#3730a3",
  900: "#312e81",
  950: "#1e1b4b",
};

const emerald: Scale = {
  50: "#ecfdf5",
  100: "#d1fae5",
  200: "#a7f3d0",
  300: "#6ee7b7",
  400: "#34d399",
  500: "#10b981",
  600: "#047857",
  700: "#065f46",
  800: "#064e3b",
  900: "#053b2d",
  950: "#022c22",
};

const amber: Scale = {
  50: "#fffbeb",
  100: "#fef3c7",
  200: "#fde68a",
  300: "#fcd34d",
  400: "#fbbf24",
  500: "#f59e0b",
  600: "#b45309",
  700: "#92400e",
  800: "#78350f",
  900: "#5c2a0b",
  950: "#451a03",
};

const config = defineConfig({
  globalCss: {
    html: { scrollBehavior: "smooth", scrollPaddingTop: "80px" },
    body: { bg: "bg", color: "fg" },
    // Links and custom clickable elements get the same ring as Chakra's buttons.
    "a:focus-visible, [role=button]:focus-visible, button:focus-visible": {
      outline: "3px solid",
      outlineColor: "brand.500",
      outlineOffset: "2px",
    },
  },
  theme: {
    tokens: {
      colors: {
        brand: tokenScale(brand),
        emerald: tokenScale(emerald),
        amber: tokenScale(amber),
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's own shades are too light for AA text contrast (4.5:1): white on green.600 is
        // 3.3:1 on the Approve buttons, and red.500 errors on white 3.8:1.
        green: { solid: { value: "{colors.green.700}" } },
        fg: { error: { value: "{colors.red.600}" } },
        brand: paletteSlots("brand"),
        emerald: paletteSlots("emerald"),
        amber: paletteSlots("amber"),
      },
    },
    keyframes: {
      "fade-in-up": {
        from: { opacity: 0, transform: "translateY(16px)" },
        to: { opacity: 1, transform: "translateY(0)" },
      },
    },
  },
});

export const system = createSystem(chakraPreset, config);
