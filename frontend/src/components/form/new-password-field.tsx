import { Input } from "@chakra-ui/react";
import type { FormBoundsFragment } from "../../gql/graphql";
import { FormField } from "./form-field";

interface NewPasswordFieldProps {
  options: Pick<FormBoundsFragment, "minPasswordLength" | "maxLength">;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** A new password's input with the server's bounds: where one is chosen (reset) or changed (Settings). */
export function NewPasswordField({ options, value, error, onChange }: NewPasswordFieldProps) {
  return (
    <FormField label="New password" error={error} required helperText={`At least ${options.minPasswordLength} characters`}>
      <Input type="password" autoComplete="new-password" maxLength={options.maxLength.password} value={value} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}
