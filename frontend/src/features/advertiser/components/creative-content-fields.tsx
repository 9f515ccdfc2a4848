import { Input, SimpleGrid, Text } from "@chakra-ui/react";
import { FormField } from "../../../components/form/form-field";
import { SelectInput } from "../../../components/form/select-input";
import type { FieldErrors } from "../../../components/form/validation";
import type { FormBoundsFragment } from "../../../gql/graphql";
import { urlVideo, type CreativeContentValues } from "../creative-content";
import { NativeContentFields } from "./native-content-fields";

interface CreativeContentFieldsProps {
  options: FormBoundsFragment;
  values: CreativeContentValues;
  errors: FieldErrors<CreativeContentValues>;
  change: (field: keyof CreativeContentValues, value: string) => void;
}

/** The fields an advertiser fills in for a creative, shared by the upload and edit dialogs. */
export function CreativeContentFields({ options, values, errors, change }: CreativeContentFieldsProps) {
  const { maxLength } = options;
  const pixels = { min: options.minPixels, max: options.maxPixels, step: 1 };
  const native = values.type === "native";
  return (
    <>
      <FormField label="Creative name" error={errors.name} required>
        <Input maxLength={maxLength.name} value={values.name} onChange={(e) => change("name", e.target.value)} />
      </FormField>
      <FormField label="Type">
        <SelectInput value={values.type} onChange={(v) => change("type", v)} options={options.creativeTypes} />
      </FormField>
      {!values.mediaId && (
        <FormField
          label="Content URL"
          error={errors.contentUrl}
          required
          helperText={native ? "The ad's picture, 1.91:1 (such as 1200×627) or 1:1 (1200×1200), or upload it above; its pixels below" : "Where the image, video or HTML lives, or upload a file above"}
        >
          <Input type="url" maxLength={maxLength.url} value={values.contentUrl} onChange={(e) => change("contentUrl", e.target.value)} />
        </FormField>
      )}
      <FormField label="Click URL" error={errors.clickUrl} helperText="The landing page a click leads to">
        <Input type="url" maxLength={maxLength.url} value={values.clickUrl} onChange={(e) => change("clickUrl", e.target.value)} />
      </FormField>
      <SimpleGrid columns={2} gap="4">
        <FormField label="Width" error={errors.width} required>
          <Input type="number" {...pixels} value={values.width} onChange={(e) => change("width", e.target.value)} />
        </FormField>
        <FormField label="Height" error={errors.height} required>
          <Input type="number" {...pixels} value={values.height} onChange={(e) => change("height", e.target.value)} />
        </FormField>
      </SimpleGrid>
      {values.type === "video" && (
        <Text fontSize="sm" color="fg.muted">
          A video fills the zones of its width and height: video zones in the site's player, alone or in an ad break with other advertisers' ads, and banner zones as an
          in-banner video (a 728×90 video is a video banner) that plays muted while in view.
        </Text>
      )}
      {urlVideo(values) && (
        <FormField label="Duration (seconds)" error={errors.durationSeconds} helperText="How long the video plays: video players need it to show your ad">
          <Input type="number" inputMode="numeric" step="1" min={1} max={options.maxVideoSeconds} value={values.durationSeconds} onChange={(e) => change("durationSeconds", e.target.value)} />
        </FormField>
      )}
      {values.type === "video" && (
        <FormField label="Skippable after (seconds)" error={errors.skipAfterSeconds} helperText="When video players offer to skip your ad; leave empty if viewers may not skip it">
          <Input type="number" inputMode="numeric" step="1" min={0} max={options.maxSkipAfterSeconds} value={values.skipAfterSeconds} onChange={(e) => change("skipAfterSeconds", e.target.value)} />
        </FormField>
      )}
      {native && <NativeContentFields options={options} values={values} errors={errors} change={change} />}
    </>
  );
}
