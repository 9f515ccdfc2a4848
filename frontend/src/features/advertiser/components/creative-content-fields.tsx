import { Input, SimpleGrid } from "@chakra-ui/react";
import { FormField } from "../../../components/form/form-field";
import { optionsOf, SelectInput } from "../../../components/form/select-input";
import type { FieldErrors } from "../../../components/form/validation";
import { CREATIVE_TYPES } from "../advertiser-options";
import type { CreativeContentValues } from "../creative-content";

interface CreativeContentFieldsProps {
  values: CreativeContentValues;
  errors: FieldErrors<CreativeContentValues>;
  change: (field: keyof CreativeContentValues, value: string) => void;
}

/** The fields an advertiser fills in for a creative, shared by the upload and edit dialogs. */
export function CreativeContentFields({ values, errors, change }: CreativeContentFieldsProps) {
  return (
    <>
      <FormField label="Creative name" error={errors.name} required>
        <Input value={values.name} onChange={(e) => change("name", e.target.value)} />
      </FormField>
      <FormField label="Type">
        <SelectInput value={values.type} onChange={(v) => change("type", v)} options={optionsOf(CREATIVE_TYPES)} />
      </FormField>
      <FormField label="Content URL" error={errors.contentUrl} required helperText="Where the image, video or HTML lives">
        <Input type="url" value={values.contentUrl} onChange={(e) => change("contentUrl", e.target.value)} />
      </FormField>
      <FormField label="Click URL" error={errors.clickUrl} helperText="The landing page a click leads to">
        <Input type="url" value={values.clickUrl} onChange={(e) => change("clickUrl", e.target.value)} />
      </FormField>
      <SimpleGrid columns={2} gap="4">
        <FormField label="Width" error={errors.width} required>
          <Input type="number" min={1} step={1} value={values.width} onChange={(e) => change("width", e.target.value)} />
        </FormField>
        <FormField label="Height" error={errors.height} required>
          <Input type="number" min={1} step={1} value={values.height} onChange={(e) => change("height", e.target.value)} />
        </FormField>
      </SimpleGrid>
    </>
  );
}
