import { useState, type FormEvent } from "react";
import { serverFieldError } from "../../lib/server-error-message";
import { hasErrors, type FieldErrors } from "./validation";

/**
 * Field values, per-field messages and submit handling for the app's forms: a field's message
 * clears as soon as it is edited, the submit handler runs only when every check passes, and a
 * refusal the server pins on one of the form's fields shows under that field.
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

  const showServerError = (error: unknown) => {
    const refusal = serverFieldError(error);
    // A refusal of a part of a field (targeting.dayParting) or of a list's entry (frequencyCaps[1].count) shows under the field that holds it.
    const field = refusal?.field.split(/[.[]/)[0];
    if (refusal && field && field in values) setErrors((current) => ({ ...current, [field]: refusal.message }));
  };

  return { values, errors, change, setValues, handleSubmit, showServerError };
}
