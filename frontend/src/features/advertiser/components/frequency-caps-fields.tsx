import { Box, Button, Fieldset, HStack, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { FormField } from "../../../components/form/form-field";
import { SelectInput } from "../../../components/form/select-input";
import { CloseIcon } from "../../../components/icons";
import type { FormBoundsFragment, FrequencyCapInput } from "../../../gql/graphql";

/** What the server accepts of a cap (formOptions): its periods, in the form's order, and the largest count. */
export type CapBounds = Pick<FormBoundsFragment, "frequencyCapPeriods" | "maxFrequencyCapCount">;

/** One cap as the form holds it: the count as typed, and a period the server lists. */
export interface FrequencyCapRow {
  count: string;
  per: string;
}

/** What is wrong with one cap's count, in the server's words. */
function capCountError(row: FrequencyCapRow, { maxFrequencyCapCount: max }: CapBounds): string | undefined {
  const count = Number(row.count);
  return row.count.trim() === "" || !Number.isInteger(count) || count < 1 || count > max ? `A frequency cap allows from 1 to ${max} impressions` : undefined;
}

/** The first cap the list gets wrong, in the server's words; undefined when every cap is one it accepts. */
export const frequencyCapsError = (rows: FrequencyCapRow[], bounds: CapBounds): string | undefined => rows.map((row) => capCountError(row, bounds)).find(Boolean);

export const toFrequencyCapInputs = (rows: FrequencyCapRow[]): FrequencyCapInput[] => rows.map((row) => ({ count: Number(row.count), per: row.per }));

interface FrequencyCapsFieldsProps {
  value: FrequencyCapRow[];
  onChange: (value: FrequencyCapRow[]) => void;
  /** The list's refusal (the form's check or the server's): shown under the caps it is about, else under the list. */
  error?: string;
  bounds: CapBounds;
}

/**
 * At most N impressions per visitor per period, one cap per period. Each row offers the periods no
 * other row has taken, so a list the server would refuse for a repeated period cannot be made.
 */
export function FrequencyCapsFields({ value, onChange, error, bounds }: FrequencyCapsFieldsProps) {
  const periods = bounds.frequencyCapPeriods;
  const taken = new Set(value.map((row) => row.per));
  const free = periods.filter((period) => !taken.has(period.value));
  const update = (index: number, row: FrequencyCapRow) => onChange(value.map((current, i) => (i === index ? row : current)));
  const rowErrors = value.map((row) => (error ? capCountError(row, bounds) : undefined));
  const listError = error && !rowErrors.some(Boolean) ? error : undefined;

  return (
    <Fieldset.Root invalid={Boolean(listError)}>
      <Fieldset.Legend>Frequency caps</Fieldset.Legend>
      <Fieldset.HelperText>At most so many impressions per visitor. None caps nothing.</Fieldset.HelperText>
      <Stack gap="3" mt="2">
        {value.map((row, index) => (
          <HStack key={index} gap="3" align="flex-start" role="group" aria-label={`Cap ${index + 1}`}>
            <Box width="9rem">
              <FormField label="Impressions" error={rowErrors[index]}>
                <Input type="number" inputMode="numeric" min={1} max={bounds.maxFrequencyCapCount} step={1} value={row.count} onChange={(e) => update(index, { ...row, count: e.target.value })} />
              </FormField>
            </Box>
            <Text pt="8" color="fg.muted">
              per
            </Text>
            <Box width="9rem">
              <FormField label="Period">
                <SelectInput
                  value={row.per}
                  options={periods.filter((period) => period.value === row.per || !taken.has(period.value))}
                  onChange={(per) => update(index, { ...row, per })}
                />
              </FormField>
            </Box>
            <IconButton mt="7" variant="ghost" size="sm" aria-label="Remove cap" onClick={() => onChange(value.filter((_, i) => i !== index))}>
              <CloseIcon />
            </IconButton>
          </HStack>
        ))}
        {free.length > 0 && (
          <Button alignSelf="start" variant="outline" size="sm" onClick={() => onChange([...value, { count: "", per: free[0].value }])}>
            Add a frequency cap
          </Button>
        )}
      </Stack>
      <Fieldset.ErrorText>{listError}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
