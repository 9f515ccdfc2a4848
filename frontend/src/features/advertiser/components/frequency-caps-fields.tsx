import { Button, Fieldset, HStack, Input, Stack } from "@chakra-ui/react";
import { SelectInput } from "../../../components/form/select-input";
import type { FrequencyCapInput } from "../../../gql/graphql";

/** The periods the server accepts (see the frequency-caps module), as the form names them. */
export const CAP_PERIODS = [
  { value: "hour", label: "per hour" },
  { value: "day", label: "per day" },
  { value: "week", label: "per week" },
  { value: "flight", label: "over the flight" },
] as const;

export type CapPeriod = (typeof CAP_PERIODS)[number]["value"];

/** One cap as the form holds it: the count as typed. */
export interface FrequencyCapRow {
  count: string;
  per: CapPeriod;
}

const MAX_CAP_COUNT = 1000;

/** The first cap the list gets wrong, in the server's words; undefined when every cap is one it accepts. */
export function frequencyCapsError(rows: FrequencyCapRow[]): string | undefined {
  for (const row of rows) {
    const count = Number(row.count);
    if (row.count.trim() === "" || !Number.isInteger(count) || count < 1 || count > MAX_CAP_COUNT) {
      return `A frequency cap allows from 1 to ${MAX_CAP_COUNT} impressions`;
    }
  }
  return undefined;
}

export const toFrequencyCapInputs = (rows: FrequencyCapRow[]): FrequencyCapInput[] => rows.map((row) => ({ count: Number(row.count), per: row.per }));

interface FrequencyCapsFieldsProps {
  value: FrequencyCapRow[];
  onChange: (value: FrequencyCapRow[]) => void;
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

  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>Frequency caps</Fieldset.Legend>
      <Fieldset.HelperText>At most so many impressions per visitor. None caps nothing.</Fieldset.HelperText>
      <Stack gap="2" mt="2">
        {value.map((row, index) => {
          const periodLabel = CAP_PERIODS.find((period) => period.value === row.per)!.label;
          return (
            <HStack key={index} gap="2">
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_CAP_COUNT}
                step={1}
                width="8rem"
                aria-label={`Impressions ${periodLabel}`}
                value={row.count}
                onChange={(e) => update(index, { ...row, count: e.target.value })}
              />
              <SelectInput
                label={`Period of cap ${index + 1}`}
                value={row.per}
                options={CAP_PERIODS.filter((period) => period.value === row.per || !taken.has(period.value))}
                onChange={(per) => update(index, { ...row, per: per as CapPeriod })}
              />
              <Button variant="ghost" size="sm" onClick={() => onChange(value.filter((_, i) => i !== index))}>
                Remove cap {periodLabel}
              </Button>
            </HStack>
          );
        })}
        {free.length > 0 && (
          <Button alignSelf="start" variant="outline" size="sm" onClick={() => onChange([...value, { count: "", per: free[0].value }])}>
            Add a frequency cap
          </Button>
        )}
      </Stack>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
