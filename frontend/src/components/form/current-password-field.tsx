import { Input } from "@chakra-ui/react";
import { FormField } from "./form-field";

interface CurrentPasswordFieldProps {
  label?: string;
  helperText?: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** The password a user already has, asked to sign in or to confirm a change; the browser may fill it in. */
export function CurrentPasswordField({ label = "Password", helperText, value, error, onChange }: CurrentPasswordFieldProps) {
  return (
    <FormField label={label} error={error} required helperText={helperText}>
      <Input type="password" autoComplete="current-password" value={value} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}
