import { Checkbox, CheckboxGroup, Fieldset, HStack, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { DayPartingInput, FormBoundsFragment, KeywordTargetingInput, TargetingInput, TargetingListInput, TargetingMode } from "../../../gql/graphql";
import { useMemo } from "react";
import { FormField } from "../../../components/form/form-field";
import { SearchableMultiSelect, SearchableSelect, type SearchableOption } from "../../../components/form/searchable-select";
import { SelectInput } from "../../../components/form/select-input";
import { browserTimeZone, timeZoneOptions } from "../../../lib/time-zones";
import type { TargetingChoices } from "../hooks/use-targeting-choices";
import { listText, textList } from "./targeting-value";

type Rule = FormBoundsFragment["targetingRules"][number];
type ListKey = "devices" | "operatingSystems" | "browsers" | "languages" | "siteCategories" | "sites" | "zones";

const MODES = [
  { value: "INCLUDE", label: "Only these" },
  { value: "EXCLUDE", label: "All but these" },
];
const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: String(hour).padStart(2, "0") }));

/** One checkbox a choice, for the CheckboxGroup around them. */
function OptionBoxes({ options, size }: { options: readonly { value: string; label: string }[]; size: "xs" | "sm" }) {
  return options.map((option) => (
    <Checkbox.Root key={option.value} value={option.value} size={size}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{option.label}</Checkbox.Label>
    </Checkbox.Root>
  ));
}

interface TargetingFieldsProps {
  value: TargetingInput;
  onChange: (value: TargetingInput) => void;
  /** The server's rule declarations (formOptions.targetingRules). */
  rules: readonly Rule[];
  /** Where day-parting starts: the advertiser's own time zone unless said. */
  defaultTimeZone?: string;
  /** The choices of the lists the rules leave free (sites, zones), from the server; without them those lists are typed. */
  choices?: TargetingChoices;
  /** The server's refusal of a rule, shown above them. */
  error?: string;
}

/**
 * Every targeting rule the server declares, each drawn by its kind, so a rule added to the ad
 * server's table appears here with its choices. Countries are the form's own field (targetCountries).
 */
export function TargetingFields({ value, onChange, rules, defaultTimeZone = browserTimeZone(), choices, error }: TargetingFieldsProps) {
  const set = <K extends keyof TargetingInput>(key: K, rule: TargetingInput[K] | undefined) => onChange({ ...value, [key]: rule });
  return (
    <Stack gap="4" aria-label="Targeting" role="group">
      {error && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      )}
      {rules
        .filter((rule) => rule.key !== "countries")
        .map((rule) =>
          rule.kind === "keywords" ? (
            <KeywordFields key={rule.key} rule={rule} value={value.keywords ?? undefined} onChange={(keywords) => set("keywords", keywords)} />
          ) : rule.kind === "dayParting" ? (
            <DayPartingFields key={rule.key} rule={rule} value={value.dayParting ?? undefined} defaultTimeZone={defaultTimeZone} onChange={(dayParting) => set("dayParting", dayParting)} />
          ) : (
            <ListFields
              key={rule.key}
              rule={rule}
              value={value[rule.key as ListKey] ?? undefined}
              onChange={(list) => set(rule.key as ListKey, list)}
              choices={choicesOf(choices, rule.key)}
              emptyText={choices?.emptyText}
              loading={choices?.loading}
            />
          ),
        )}
    </Stack>
  );
}

/** The searchable choices of a rule whose values the server lists apart from the rule (the approved sites and zones). */
const choicesOf = (choices: TargetingChoices | undefined, key: string): SearchableOption[] | undefined =>
  key === "sites" || key === "zones" ? choices?.[key] : undefined;

interface ListFieldsProps {
  rule: Rule;
  value?: TargetingListInput;
  onChange: (value: TargetingListInput) => void;
  choices?: SearchableOption[];
  emptyText?: string;
  loading?: boolean;
}

function ListFields({ rule, value, onChange, choices, emptyText, loading }: ListFieldsProps) {
  const mode = value?.mode ?? "INCLUDE";
  const values = value?.values ?? [];
  return (
    <Fieldset.Root>
      <HStack justify="space-between">
        <Fieldset.Legend>{rule.label}</Fieldset.Legend>
        <SelectInput label={`${rule.label}: include or exclude`} value={mode} options={MODES} onChange={(next) => onChange({ mode: next as TargetingMode, values })} />
      </HStack>
      {rule.options.length > 0 ? (
        <CheckboxGroup value={values} onValueChange={(next) => onChange({ mode, values: next })}>
          <SimpleGrid columns={{ base: 2, sm: 4 }} gap="2">
            <OptionBoxes options={rule.options} size="sm" />
          </SimpleGrid>
        </CheckboxGroup>
      ) : choices ? (
        <SearchableMultiSelect
          label={`Find ${rule.label.toLowerCase()}`}
          placeholder={loading ? "Loading the network's sites…" : "Type a name or a category"}
          disabled={loading}
          options={choices}
          value={values}
          onChange={(next) => onChange({ mode, values: next })}
          emptyText={emptyText}
        />
      ) : (
        <Input aria-label={rule.label} placeholder={rule.hint ?? ""} value={listText(values)} onChange={(e) => onChange({ mode, values: textList(e.target.value) })} />
      )}
      <Fieldset.HelperText>Leave empty to show everywhere.</Fieldset.HelperText>
    </Fieldset.Root>
  );
}

function KeywordFields({ rule, value, onChange }: { rule: Rule; value?: KeywordTargetingInput; onChange: (value: KeywordTargetingInput) => void }) {
  const include = value?.include ?? [];
  const exclude = value?.exclude ?? [];
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{rule.label}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label="Pages with any of" helperText="Comma-separated">
          <Input placeholder={rule.hint ?? ""} value={listText(include)} onChange={(e) => onChange({ include: textList(e.target.value), exclude })} />
        </FormField>
        <FormField label="Never pages with" helperText="Comma-separated">
          <Input value={listText(exclude)} onChange={(e) => onChange({ include, exclude: textList(e.target.value) })} />
        </FormField>
      </SimpleGrid>
    </Fieldset.Root>
  );
}

function DayPartingFields({
  rule,
  value,
  defaultTimeZone,
  onChange,
}: {
  rule: Rule;
  value?: DayPartingInput;
  defaultTimeZone: string;
  onChange: (value: DayPartingInput | undefined) => void;
}) {
  const everyDay = rule.options.map((option) => Number(option.value));
  return (
    <Fieldset.Root>
      <Checkbox.Root
        checked={Boolean(value)}
        onCheckedChange={({ checked }) => onChange(checked === true ? { timeZone: defaultTimeZone, days: everyDay, hours: HOURS.map((hour) => Number(hour.value)) } : undefined)}
        size="sm"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{rule.label}: only on some days and hours</Checkbox.Label>
      </Checkbox.Root>
      {value && (
        <Stack gap="3">
          <TimeZoneField value={value.timeZone} onChange={(timeZone) => onChange({ ...value, timeZone })} />
          <CheckboxGroup aria-label="Days" value={value.days.map(String)} onValueChange={(days) => onChange({ ...value, days: days.map(Number).sort() })}>
            <HStack wrap="wrap" gap="3">
              <OptionBoxes options={rule.options} size="sm" />
            </HStack>
          </CheckboxGroup>
          <CheckboxGroup aria-label="Hours" value={value.hours.map(String)} onValueChange={(hours) => onChange({ ...value, hours: hours.map(Number).sort((a, b) => a - b) })}>
            <SimpleGrid columns={{ base: 6, sm: 12 }} gap="1">
              <OptionBoxes options={HOURS} size="xs" />
            </SimpleGrid>
          </CheckboxGroup>
        </Stack>
      )}
    </Fieldset.Root>
  );
}

/** The days and hours are read in this zone; the list is the browser's, with each zone's offset today. */
function TimeZoneField({ value, onChange }: { value: string; onChange: (timeZone: string) => void }) {
  const zones = useMemo(() => timeZoneOptions([value]), [value]);
  return (
    <Stack gap="1">
      <SearchableSelect label="Time zone" placeholder="Type a city or region" options={zones} value={value} onChange={onChange} />
      <Text fontSize="sm" color="fg.muted">
        The days and hours below are read in this time zone.
      </Text>
    </Stack>
  );
}
