import { NativeSelect } from "@chakra-ui/react";

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectInputProps {
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Shown as an empty first choice, so nothing is picked by accident. */
  placeholder?: string;
  /** Its name for a select standing outside a FormField. */
  label?: string;
}

/** A native select for use inside FormField, which gives it its label and error, or named by `label`. */
export function SelectInput({ value, onChange, options, placeholder, label }: SelectInputProps) {
  return (
    <NativeSelect.Root width={label ? "auto" : undefined}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
