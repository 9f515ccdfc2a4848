import { useState } from "react";
import type { Outcome } from "../../lib/mutation-feedback";
import { useForm } from "./use-form";
import type { FieldErrors } from "./validation";

/**
 * A form whose submit sends its values and hears how it went: busy meanwhile, back to `initial`
 * once the server agreed, and a refusal the server pins on a field shown under that field.
 */
export function useSendingForm<T extends object>(initial: T, validate: (values: T) => FieldErrors<T>, send: (values: T) => Promise<Outcome<unknown>>) {
  const form = useForm(initial, validate);
  const [busy, setBusy] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    const outcome = await send(values);
    setBusy(false);
    if (outcome.ok) form.setValues(initial);
    else form.showServerError(outcome.error);
  });
  return { ...form, busy, submit };
}
