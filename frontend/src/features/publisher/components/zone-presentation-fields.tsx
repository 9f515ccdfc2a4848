import { Textarea } from "@chakra-ui/react";
import { FormField } from "../../../components/form/form-field";
import { SelectInput } from "../../../components/form/select-input";
import type { FieldErrors } from "../../../components/form/validation";
import type { FormBoundsFragment } from "../../../gql/graphql";

/** How a zone shows its ad beyond its size and format. */
export interface ZonePresentationValues {
  presentation: string;
  /** A native zone's own markup; blank draws the default card. */
  nativeTemplate: string;
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

const PLACEHOLDERS = "{{headline}} {{body}} {{image}} {{logo}} {{sponsor}} {{cta}} {{clickUrl}}";

interface ZonePresentationFieldsProps {
  options: FormBoundsFragment;
  format: string;
  values: ZonePresentationValues;
  errors: FieldErrors<ZonePresentationValues>;
  change: (field: keyof ZonePresentationValues, value: string) => void;
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
  return (
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
  );
}

/** The values as the server takes them: a format that has no use for one sends it empty. */
export const presentationInput = (format: string, values: ZonePresentationValues) => ({
  presentation: format === "banner" ? values.presentation : "inline",
  nativeTemplate: format === "native" ? values.nativeTemplate.trim() : "",
});
