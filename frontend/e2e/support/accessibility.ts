import type { Page } from "playwright-core";

export interface LowContrastText {
  text: string;
  ratio: number;
  required: number;
  color: string;
  background: string;
}

/**
 * Every visible piece of text on the page whose contrast with what lies behind it is under WCAG's
 * AA minimum: 4.5:1, or 3:1 for large text (24px, or 18.66px bold). Computed from computed styles
 * with no accessibility library: the background is found by blending the ancestors' background
 * colours. Text over a picture or gradient cannot be measured that way and is left out, as is text
 * of disabled controls, which WCAG exempts. `within` narrows the search to one element, such as
 * an open dialog.
 */
export function lowContrastText(page: Page, within = "body"): Promise<LowContrastText[]> {
  return page.evaluate((rootSelector) => {
    type Rgba = [number, number, number, number];
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true })!;

    // The canvas understands every CSS colour syntax (rgb, color(srgb …), oklch) and answers in bytes.
    const rgbaOf = (color: string): Rgba => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = ([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba => [
      r * a + br * (1 - a),
      g * a + bg * (1 - a),
      b * a + bb * (1 - a),
      1,
    ];
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratioOf = (a: Rgba, b: Rgba) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light + 0.05) / (dark + 0.05);
    };

    /** The opaque colour behind the element, or undefined when a picture or gradient is behind it. */
    const backgroundOf = (element: Element): Rgba | undefined => {
      const layers: Rgba[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== "none") return undefined;
        const layer = rgbaOf(style.backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] === 1) break;
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };

    const opacityOf = (element: Element) => {
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement) {
        opacity *= parseFloat(getComputedStyle(node).opacity);
      }
      return opacity;
    };

    const found: LowContrastText[] = [];
    const root = document.querySelector(rootSelector) ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (element.closest(":disabled, [aria-disabled=true], [data-disabled]")) continue;
      const background = backgroundOf(element);
      if (!background) continue;

      const style = getComputedStyle(element);
      const [r, g, b, a] = rgbaOf(style.color);
      const foreground = over([r, g, b, a * opacityOf(element)], background);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && parseInt(style.fontWeight, 10) >= 700);
      const required = large ? 3 : 4.5;
      const ratio = ratioOf(foreground, background);
      if (ratio < required) {
        found.push({
          text: text.slice(0, 60),
          ratio: Math.round(ratio * 100) / 100,
          required,
          color: style.color,
          background: `rgb(${background.slice(0, 3).map(Math.round).join(", ")})`,
        });
      }
    }
    return found;
  }, within);
}

/** Each place where a heading is more than one level deeper than the heading before it. */
export function skippedHeadingLevels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const headings = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]")].filter((heading) =>
      heading.checkVisibility(),
    );
    const skips: string[] = [];
    let previous = 0;
    for (const heading of headings) {
      const level = Number(heading.getAttribute("aria-level") ?? heading.tagName.slice(1));
      if (level > previous + 1) skips.push(`h${level} "${heading.textContent?.trim()}" after h${previous}`);
      previous = level;
    }
    return skips;
  });
}
