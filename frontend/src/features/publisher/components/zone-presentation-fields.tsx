import { Input, SimpleGrid, Textarea } from "@chakra-ui/react";
import { declaredError, type DeclaredField } from "../../../components/form/declared-fields";
import { FormField } from "../../../components/form/form-field";
import { SelectInput } from "../../../components/form/select-input";
import type { FieldErrors } from "../../../components/form/validation";
import type { FormBoundsFragment } from "../../../gql/graphql";
import { HouseItemsFields, type HouseItemRow, toHouseItemInputs } from "./house-items-fields";

/** How a zone shows its ad beyond its size and format. */
export interface ZonePresentationValues {
  presentation: string;
  /** A native zone's own markup; blank draws the default card. */
  nativeTemplate: string;
  /** A native zone's ads shown at once (a content recommendation box when more than one), as typed. */
  adCount: string;
  layout: string;
  houseItems: HouseItemRow[];
}

type PresentationOption = FormBoundsFragment["zonePresentations"][number];

/** Why a zone of these pixels cannot take the presentation (its size bounds are the server's), or undefined when it can. */
export function presentationSizeError(option: PresentationOption | undefined, width: number, height: number): string | undefined {
  if (!option || !Number.isFinite(width) || !Number.isFinite(height)) return undefined;
  const { label, minWidth, minHeight, maxWidth, maxHeight } = option;
  if (width < (minWidth ?? 0) || height < (minHeight ?? 0)) return `${label} zones are at least ${minWidth}×${minHeight} pixels`;
  if (width > (maxWidth ?? Infinity) || height > (maxHeight ?? Infinity)) return `${label} zones are at most ${maxWidth}×${maxHeight} pixels`;
  return undefined;
}

/** The zone declaration's field of this name (formOptions.zoneFields): its bounds and choices. */
const declared = (options: FormBoundsFragment, name: string): DeclaredField => options.zoneFields.find((field) => field.name === name)!;

/** What is wrong with the typed ad count, by the declared bounds; only native zones show several. */
export const adCountError = (options: FormBoundsFragment, format: string, values: ZonePresentationValues) =>
  format === "native" ? declaredError(declared(options, "adCount"), values.adCount) : undefined;

const PLACEHOLDERS = "{{headline}} {{body}} {{image}} {{logo}} {{sponsor}} {{cta}} {{clickUrl}} and, for promoted listings, {{price}} {{rating}}";

interface ZonePresentationFieldsProps {
  options: FormBoundsFragment;
  format: string;
  values: ZonePresentationValues;
  errors: FieldErrors<ZonePresentationValues>;
  change: (field: keyof ZonePresentationValues, value: ZonePresentationValues[keyof ZonePresentationValues]) => void;
}

/** Interstitial, sticky, floating and push-down are for banner zones, templates for native ones: each format sees only its own choice. */
export function ZonePresentationFields({ options, format, values, errors, change }: ZonePresentationFieldsProps) {
  if (format === "banner") {
    const chosen = options.zonePresentations.find((option) => option.value === values.presentation);
    return (
      <FormField label="Presentation" error={errors.presentation} helperText={chosen?.help}>
        <SelectInput value={values.presentation} onChange={(v) => change("presentation", v)} options={options.zonePresentations} />
      </FormField>
    );
  }
  if (format !== "native") return null;
  const adCount = declared(options, "adCount");
  const several = Number(values.adCount) > 1 || values.houseItems.length > 0;
  return (
    <>
      <SimpleGrid columns={2} gap="4">
        <FormField label={adCount.label} error={errors.adCount} helperText="More than 1 makes a content recommendation box: each ad from another advertiser, each labelled Sponsored.">
          <Input type="number" min={adCount.min ?? undefined} max={adCount.max ?? undefined} step={1} value={values.adCount} onChange={(e) => change("adCount", e.target.value)} />
        </FormField>
        {several && (
          <FormField label={declared(options, "layout").label} error={errors.layout} helperText="Grid: side by side in rows; list: one under another.">
            <SelectInput value={values.layout} onChange={(v) => change("layout", v)} options={declared(options, "layout").choices} />
          </FormField>
        )}
      </SimpleGrid>
      <HouseItemsFields value={values.houseItems} onChange={(rows) => change("houseItems", rows)} max={declared(options, "houseItems").max ?? 0} error={errors.houseItems} />
      <FormField
        label="Native template"
        error={errors.nativeTemplate}
        helperText={`Optional: your own markup for the ad, styled by your page's CSS, with ${PLACEHOLDERS}. Plain tags only: no script, event handlers or style attributes. The "Sponsored" label is always added. Empty shows a card in your page's font and colours.`}
      >
        <Textarea
          rows={4}
          fontFamily="mono"
          fontSize="sm"
          placeholder='<article class="story"><img src="{{image}}" alt=""><a href="{{clickUrl}}">{{headline}}</a><p>{{body}}</p></article>'
          value={values.nativeTemplate}
          onChange={(e) => change("nativeTemplate", e.target.value)}
        />
      </FormField>
    </>
  );
}

/** The values as the server takes them: a format that has no use for one sends it empty. */
export const presentationInput = (format: string, values: ZonePresentationValues) => ({
  presentation: format === "banner" ? values.presentation : "inline",
  nativeTemplate: format === "native" ? values.nativeTemplate.trim() : "",
  adCount: format === "native" ? Number(values.adCount) : 1,
  layout: values.layout,
  houseItems: format === "native" ? toHouseItemInputs(values.houseItems) : [],
});
