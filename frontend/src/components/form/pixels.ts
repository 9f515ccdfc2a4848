import { requiredMessage } from "./validation";

/** Problems with a width or height typed into a number input, worded as the server words them. */
export function pixelsError(label: string, value: string, { minPixels, maxPixels }: { minPixels: number; maxPixels: number }) {
  if (!value.trim()) return requiredMessage(label);
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) return `${label} must be a positive whole number`;
  if (n < minPixels || n > maxPixels) return `${label} must be from ${minPixels} to ${maxPixels}`;
  return undefined;
}
