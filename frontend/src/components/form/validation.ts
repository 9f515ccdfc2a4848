const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export const requiredMessage = (label: string) => `${label} is required`;

export function emailError(value: string) {
  if (!value.trim()) return requiredMessage("Email");
  if (!EMAIL.test(value.trim())) return "Enter a valid email address";
  return undefined;
}

export const hasErrors = <T,>(errors: FieldErrors<T>) => Object.values(errors).some(Boolean);
