import { useState, type FormEvent } from "react";
import { hasErrors, type FieldErrors } from "./validation";

/**
 * Field values, per-field messages and submit handling for the app's forms: a field's message
 * clears as soon as it is edited, and the submit handler runs only when every check passes.
 */
export function useForm<T extends object>(initial: T | (() => T), validate: (values: T) => FieldErrors<T>) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});

  const change = <K extends keyof T>(field: K, value: T[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (onValid: (values: T) => Promise<void> | void) => async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (!hasErrors(found)) await onValid(values);
  };

  return { values, errors, change, setValues, handleSubmit };
}
