import { Button, Input, SimpleGrid, Stack } from "@chakra-ui/react";
import { FormField } from "../../../components/form/form-field";
import { pixelsError } from "../../../components/form/pixels";
import { SelectInput } from "../../../components/form/select-input";
import { useSendingForm } from "../../../components/form/use-sending-form";
import { requiredMessage, type FieldErrors } from "../../../components/form/validation";
import type { FormBoundsFragment, PublisherSiteFragment } from "../../../gql/graphql";
import type { Outcome } from "../../../lib/mutation-feedback";
import { adCountError, presentationInput, presentationSizeError, ZonePresentationFields, type ZonePresentationValues } from "./zone-presentation-fields";
import { breakErrors, breakInput, ZoneBreakFields, type ZoneBreakValues } from "./zone-break-fields";

export interface ZoneValues extends ZonePresentationValues, ZoneBreakValues {
  siteId: string;
  name: string;
  /** A standard size as `728x90`, or CUSTOM_SIZE for any other width and height. */
  size: string;
  width: string;
  height: string;
  format: string;
  position: string;
  /** Dollars per thousand impressions; blank or 0 accepts any price. */
  floor: string;
}

const CUSTOM_SIZE = "custom";
const sizeKey = (width: number | string, height: number | string) => `${width}x${height}`;

/** The standard size these pixels make, else Custom. */
export function sizeChoiceOf(options: FormBoundsFragment, width: number, height: number): string {
  return options.zoneSizes.some((size) => size.width === width && size.height === height) ? sizeKey(width, height) : CUSTOM_SIZE;
}

/** The values as the server takes them. */
export const zoneInput = (values: ZoneValues) => ({
  name: values.name.trim(),
  width: Number(values.width),
  height: Number(values.height),
  format: values.format,
  position: values.position,
  floor: Number(values.floor.trim() || 0),
  ...presentationInput(values.format, values),
  ...breakInput(values.format, values),
});

/** Problems with a typed floor price: a number of whole cents from $0 to the highest CPM a campaign may bid. */
function floorError(value: string, maxCpm: number): string | undefined {
  if (!value.trim()) return undefined;
  const amount = Number(value);
  if (!Number.isFinite(amount)) return "Floor price must be a number";
  if (amount < 0 || amount > maxCpm) return `Floor price must be from $0 to $${maxCpm.toLocaleString("en-US")}`;
  if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) return "Floor price must be in whole cents, such as 1.50";
  return undefined;
}

interface ZoneFormProps {
  options: FormBoundsFragment;
  initial: ZoneValues;
  /** The sites a new zone may go on; left out when editing, since a zone stays on its site. */
  approvedSites?: PublisherSiteFragment[];
  purpose: { label: string; submit: string; busy: string };
  onSubmit: (values: ZoneValues) => Promise<Outcome<unknown>>;
}

/** A zone's fields, for creating a zone and for editing one: the IAB standard sizes the server serves, or a custom size. */
export function ZoneForm({ options, initial, approvedSites, purpose, onSubmit }: ZoneFormProps) {
  const validate = (values: ZoneValues): FieldErrors<ZoneValues> => ({
    siteId: !approvedSites || values.siteId ? undefined : requiredMessage("Site"),
    name: values.name.trim() ? undefined : requiredMessage("Zone name"),
    width: pixelsError("Width", values.width, options),
    height: pixelsError("Height", values.height, options),
    floor: floorError(values.floor, options.maxCpm),
    adCount: adCountError(options, values.format, values),
    ...breakErrors(options, values.format, values),
    presentation:
      values.format === "banner"
        ? presentationSizeError(options.zonePresentations.find((option) => option.value === values.presentation), Number(values.width), Number(values.height))
        : undefined,
  });
  const { values, errors, change, busy, submit } = useSendingForm(initial, validate, onSubmit);

  const chooseSize = (choice: string) => {
    const standard = options.zoneSizes.find((size) => sizeKey(size.width, size.height) === choice);
    change("size", choice);
    if (!standard) return;
    change("width", String(standard.width));
    change("height", String(standard.height));
  };

  /** Typed pixels name the standard size they make, or Custom. */
  const typePixels = (side: "width" | "height", typed: string) => {
    change(side, typed);
    const pixels = { width: values.width, height: values.height, [side]: typed };
    change("size", sizeChoiceOf(options, Number(pixels.width), Number(pixels.height)));
  };

  const sizeChoices = [...options.zoneSizes.map((size) => ({ value: sizeKey(size.width, size.height), label: size.label })), { value: CUSTOM_SIZE, label: "Custom" }];
  const pixels = { min: options.minPixels, max: options.maxPixels, step: 1 };
  return (
    <form onSubmit={submit} noValidate aria-label={purpose.label}>
      <Stack gap="4">
        {approvedSites && (
          <FormField label="Site" error={errors.siteId} required>
            <SelectInput
              value={values.siteId}
              onChange={(v) => change("siteId", v)}
              options={approvedSites.map((s) => ({ value: String(s.id), label: `${s.name} (${s.domain})` }))}
              placeholder="Select an approved site"
            />
          </FormField>
        )}
        <FormField label="Zone name" error={errors.name} required>
          <Input maxLength={options.maxLength.name} value={values.name} onChange={(e) => change("name", e.target.value)} />
        </FormField>
        <FormField label="Size" helperText={`IAB standard sizes, or Custom: any width and height from ${options.minPixels} to ${options.maxPixels} pixels.`}>
          <SelectInput value={values.size} onChange={chooseSize} options={sizeChoices} />
        </FormField>
        <SimpleGrid columns={2} gap="4">
          <FormField label="Width" error={errors.width} required>
            <Input type="number" {...pixels} value={values.width} onChange={(e) => typePixels("width", e.target.value)} />
          </FormField>
          <FormField label="Height" error={errors.height} required>
            <Input type="number" {...pixels} value={values.height} onChange={(e) => typePixels("height", e.target.value)} />
          </FormField>
          <FormField label="Format">
            <SelectInput value={values.format} onChange={(v) => change("format", v)} options={options.zoneFormats} />
          </FormField>
          <FormField label="Position">
            <SelectInput value={values.position} onChange={(v) => change("position", v)} options={options.zonePositions} />
          </FormField>
        </SimpleGrid>
        <ZonePresentationFields options={options} format={values.format} values={values} errors={errors} change={change} />
        <ZoneBreakFields options={options} format={values.format} values={values} errors={errors} change={change} />
        <FormField
          label="Floor price (CPM)"
          error={errors.floor}
          helperText="The least your share of an ad's price per thousand impressions may be; ads paying less are not shown here. 0 accepts any ad."
        >
          <Input type="number" min={0} max={options.maxCpm} step={0.01} value={values.floor} onChange={(e) => change("floor", e.target.value)} />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={busy} loadingText={purpose.busy}>
          {purpose.submit}
        </Button>
      </Stack>
    </form>
  );
}
