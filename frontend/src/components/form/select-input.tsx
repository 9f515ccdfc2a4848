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
}

/** A native select for use inside FormField, which gives it its label and error. */
export function SelectInput({ value, onChange, options, placeholder }: SelectInputProps) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
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

/** Options whose label is the value with a capital first letter. */
export const optionsOf = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));
