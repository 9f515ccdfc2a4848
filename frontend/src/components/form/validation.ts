const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export const requiredMessage = (label: string) => `${label} is required`;

export function emailError(value: string) {
  if (!value.trim()) return requiredMessage("Email");
  if (!EMAIL.test(value.trim())) return "Enter an email address such as name@example.com";
  return undefined;
}

/** The server's password rule, with the lengths it serves. */
export function passwordError(label: string, value: string, { min, max }: { min: number; max: number }) {
  if (!value) return requiredMessage(label);
  if (value.length < min) return `${label} must be at least ${min} characters long`;
  if (value.length > max) return `${label} can be at most ${max} characters long`;
  return undefined;
}

export const hasErrors = <T,>(errors: FieldErrors<T>) => Object.values(errors).some(Boolean);
