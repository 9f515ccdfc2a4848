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

const PRESENTATION_HELP: Record<string, string> = {
  inline: "The ad sits where the tag is, in the page's flow.",
  interstitial: "Full screen over the page, closable within 3 seconds, at most once an hour per visitor (only for visitors who allow storage).",
  sticky: "Anchored to the bottom of the window, dismissible; the page gets room below so nothing is hidden.",
};

const PLACEHOLDERS = "{{headline}} {{body}} {{image}} {{logo}} {{sponsor}} {{cta}} {{clickUrl}}";

interface ZonePresentationFieldsProps {
  options: FormBoundsFragment;
  format: string;
  values: ZonePresentationValues;
  errors: FieldErrors<ZonePresentationValues>;
  change: (field: keyof ZonePresentationValues, value: string) => void;
}

/** Interstitial and sticky are for banner zones, templates for native ones: each format sees only its own choice. */
export function ZonePresentationFields({ options, format, values, errors, change }: ZonePresentationFieldsProps) {
  if (format === "banner") {
    return (
      <FormField label="Presentation" error={errors.presentation} helperText={PRESENTATION_HELP[values.presentation]}>
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
