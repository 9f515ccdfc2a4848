import { Checkbox, Input } from "@chakra-ui/react";
import { FormField } from "../../../components/form/form-field";
import { SelectInput } from "../../../components/form/select-input";
import type { DeclaredField } from "../../../components/form/declared-fields";

interface DeclaredFieldInputProps {
  field: DeclaredField;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** A field the server declares and the form has no widget of its own for, drawn by its kind. */
export function DeclaredFieldInput({ field, value, error, onChange }: DeclaredFieldInputProps) {
  if (field.kind === "flag") {
    return (
      <Checkbox.Root checked={value === "true"} onCheckedChange={(e) => onChange(String(e.checked === true))}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{field.label}</Checkbox.Label>
      </Checkbox.Root>
    );
  }
  return (
    <FormField label={field.label} error={error} required={field.required}>
      {field.kind === "choice" ? (
        <SelectInput value={value} onChange={onChange} options={field.choices} placeholder={field.required ? undefined : ""} />
      ) : (
        <Input
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...(field.kind === "date" ? { type: "date" } : {})}
          {...(field.kind === "dollars" ? { type: "number", inputMode: "decimal", step: "0.01" } : {})}
          {...(field.kind === "integer" ? { type: "number", inputMode: "numeric", step: "1" } : {})}
          {...(field.maxLength ? { maxLength: field.maxLength } : {})}
          {...(field.min !== null && field.min !== undefined ? { min: field.min } : {})}
          {...(field.max !== null && field.max !== undefined ? { max: field.max } : {})}
        />
      )}
    </FormField>
  );
}
