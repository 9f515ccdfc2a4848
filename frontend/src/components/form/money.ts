import { requiredMessage } from "./validation";

/** Problems with a dollar amount typed into a number input: present, positive, whole cents, at least `min`. */
export function dollarsError(label: string, value: string, { min }: { min?: number } = {}) {
  if (!value.trim()) return requiredMessage(label);
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount <= 0) return `${label} must be a positive amount`;
  if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) return `${label} must be in whole cents`;
  if (min !== undefined && amount < min) return `${label} must be at least $${min.toLocaleString("en-US")}`;
  return undefined;
}
