const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export const requiredMessage = (label: string) => `${label} is required`;

export function emailError(value: string) {
  if (!value.trim()) return requiredMessage("Email");
  if (!EMAIL.test(value.trim())) return "Enter a valid email address";
  return undefined;
}

/** The server's password rule: 8 to 128 characters. */
export const MIN_PASSWORD = 8;
const MAX_PASSWORD = 128;

export function passwordError(label: string, value: string) {
  if (!value) return requiredMessage(label);
  if (value.length < MIN_PASSWORD) return `Password must be at least ${MIN_PASSWORD} characters`;
  if (value.length > MAX_PASSWORD) return `Password must be at most ${MAX_PASSWORD} characters`;
  return undefined;
}

export const hasErrors = <T,>(errors: FieldErrors<T>) => Object.values(errors).some(Boolean);
