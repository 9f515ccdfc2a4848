import { Flex, Input } from "@chakra-ui/react";
import type { ReportBreakdown, ReportGranularity } from "../../../gql/graphql";
import { FormField } from "../../../components/form/form-field";
import { SelectInput, type SelectOption } from "../../../components/form/select-input";
import { RANGE_PRESETS, type RangePreset } from "./report-range";
import type { ReportControls as Controls } from "./use-report-settings";

export interface BreakdownOption extends SelectOption {
  value: ReportBreakdown;
}

interface ReportControlsProps {
  controls: Controls;
  breakdowns: readonly BreakdownOption[];
}

/** A day of a custom range; a cleared input keeps the last day until a new one is typed. */
function DayField({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  return (
    <Flex w={{ base: "full", sm: "40" }}>
      <FormField label={label}>
        <Input type="date" value={value} onChange={(e) => e.target.value && onChange(e.target.value)} />
      </FormField>
    </Flex>
  );
}

/** The range, the periods of the chart and the rows of the table. Bounds (two years) are the server's to check; it also says which periods a range offers. */
export function ReportControls({ controls, breakdowns }: ReportControlsProps) {
  const { settings } = controls;
  return (
    <Flex gap="3" wrap="wrap" align="flex-end">
      <Flex w={{ base: "full", sm: "44" }}>
        <FormField label="Date range">
          <SelectInput value={settings.preset} onChange={(value) => controls.choosePreset(value as RangePreset)} options={RANGE_PRESETS} />
        </FormField>
      </Flex>
      {settings.preset === "custom" && (
        <>
          <DayField label="From" value={settings.custom.from} onChange={(from) => controls.setCustom({ ...settings.custom, from })} />
          <DayField label="To" value={settings.custom.to} onChange={(to) => controls.setCustom({ ...settings.custom, to })} />
        </>
      )}
      <Flex w={{ base: "full", sm: "32" }}>
        <FormField label="Granularity">
          <SelectInput value={settings.granularity} onChange={(value) => controls.setGranularity(value as ReportGranularity)} options={controls.granularities} />
        </FormField>
      </Flex>
      <Flex w={{ base: "full", sm: "36" }}>
        <FormField label="Breakdown">
          <SelectInput value={settings.breakdown} onChange={(value) => controls.setBreakdown(value as ReportBreakdown)} options={breakdowns} />
        </FormField>
      </Flex>
    </Flex>
  );
}
