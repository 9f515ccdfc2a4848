import { formatMoney } from "../format";
import { requiredMessage } from "./validation";

const dollarText = (amount: number) => formatMoney(amount, { cents: false });

/** Problems with a dollar amount typed into a number input: present, positive, whole cents, within the server's bounds. */
export function dollarsError(label: string, value: string, { min, max }: { min?: number; max?: number } = {}) {
  if (!value.trim()) return requiredMessage(label);
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount <= 0) return `${label} must be more than $0`;
  if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) return `${label} must be in whole cents, such as 12.50`;
  if (min !== undefined && amount < min) return `${label} must be at least ${dollarText(min)}`;
  if (max !== undefined && amount > max) return `${label} can be at most ${dollarText(max)}`;
  return undefined;
}
