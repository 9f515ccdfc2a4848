import { requiredMessage } from "./validation";

/** Problems with a width or height typed into a number input: present and a positive whole number. */
export function pixelsError(label: string, value: string) {
  if (!value.trim()) return requiredMessage(label);
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? undefined : `${label} must be a whole number of pixels`;
}
