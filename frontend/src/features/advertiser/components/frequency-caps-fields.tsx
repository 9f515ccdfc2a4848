import { Box, Button, Fieldset, HStack, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { FormField } from "../../../components/form/form-field";
import { SelectInput } from "../../../components/form/select-input";
import { CloseIcon } from "../../../components/icons";
import type { FrequencyCapInput } from "../../../gql/graphql";

/** The periods the server accepts (see the frequency-caps module), as the row reads: "3 impressions per day". */
export const CAP_PERIODS = [
  { value: "hour", label: "hour" },
  { value: "day", label: "day" },
  { value: "week", label: "week" },
  { value: "flight", label: "flight" },
] as const;

export type CapPeriod = (typeof CAP_PERIODS)[number]["value"];

/** One cap as the form holds it: the count as typed. */
export interface FrequencyCapRow {
  count: string;
  per: CapPeriod;
}

const MAX_CAP_COUNT = 1000;

const COUNT_MESSAGE = `A frequency cap allows from 1 to ${MAX_CAP_COUNT} impressions`;

/** What is wrong with one cap's count, in the server's words. */
function capCountError(row: FrequencyCapRow): string | undefined {
  const count = Number(row.count);
  return row.count.trim() === "" || !Number.isInteger(count) || count < 1 || count > MAX_CAP_COUNT ? COUNT_MESSAGE : undefined;
}

/** The first cap the list gets wrong, in the server's words; undefined when every cap is one it accepts. */
export const frequencyCapsError = (rows: FrequencyCapRow[]): string | undefined => rows.map(capCountError).find(Boolean);

export const toFrequencyCapInputs = (rows: FrequencyCapRow[]): FrequencyCapInput[] => rows.map((row) => ({ count: Number(row.count), per: row.per }));

interface FrequencyCapsFieldsProps {
  value: FrequencyCapRow[];
  onChange: (value: FrequencyCapRow[]) => void;
  /** The list's refusal (the form's check or the server's): shown under the caps it is about, else under the list. */
  error?: string;
}

/**
 * At most N impressions per visitor per period, one cap per period. Each row offers the periods no
 * other row has taken, so a list the server would refuse for a repeated period cannot be made.
 */
export function FrequencyCapsFields({ value, onChange, error }: FrequencyCapsFieldsProps) {
  const taken = new Set(value.map((row) => row.per));
  const free = CAP_PERIODS.filter((period) => !taken.has(period.value));
  const update = (index: number, row: FrequencyCapRow) => onChange(value.map((current, i) => (i === index ? row : current)));
  const rowErrors = value.map((row) => (error ? capCountError(row) : undefined));
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
                <Input type="number" inputMode="numeric" min={1} max={MAX_CAP_COUNT} step={1} value={row.count} onChange={(e) => update(index, { ...row, count: e.target.value })} />
              </FormField>
            </Box>
            <Text pt="8" color="fg.muted">
              per
            </Text>
            <Box width="9rem">
              <FormField label="Period">
                <SelectInput
                  value={row.per}
                  options={CAP_PERIODS.filter((period) => period.value === row.per || !taken.has(period.value))}
                  onChange={(per) => update(index, { ...row, per: per as CapPeriod })}
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
