import { Fieldset, Input, SimpleGrid, Textarea } from "@chakra-ui/react";
import { FormField } from "../../../components/form/form-field";
import type { FieldErrors } from "../../../components/form/validation";
import type { FormBoundsFragment } from "../../../gql/graphql";
import type { NativeContentValues } from "../native-content";
import { CreativeUploadField, LOGO_UPLOAD } from "./creative-upload-field";

interface NativeContentFieldsProps {
  options: FormBoundsFragment;
  values: NativeContentValues;
  errors: FieldErrors<NativeContentValues>;
  change: (field: keyof NativeContentValues, value: string) => void;
}

const left = (value: string, max: number) => `${Math.max(0, max - value.trim().length)} of ${max} characters left`;

/** What a native ad says instead of a banner's picture, each with the IAB's length and what is left of it, and its logo: an upload or an address. */
export function NativeContentFields({ options, values, errors, change }: NativeContentFieldsProps) {
  const limits = options.nativeLimits;
  return (
    <>
      <FormField
        label="Headline"
        error={errors.headline}
        required
        helperText={`${left(values.headline, limits.headline)}; up to ${limits.headlineShort} fit every card`}
      >
        <Input value={values.headline} onChange={(e) => change("headline", e.target.value)} />
      </FormField>
      <FormField label="Body" error={errors.body} required helperText={left(values.body, limits.body)}>
        <Textarea rows={3} value={values.body} onChange={(e) => change("body", e.target.value)} />
      </FormField>
      <FormField label="Call to action" error={errors.callToAction} required helperText={`Such as "Shop now"; ${left(values.callToAction, limits.callToAction)}`}>
        <Input value={values.callToAction} onChange={(e) => change("callToAction", e.target.value)} />
      </FormField>
      <FormField label="Sponsor" error={errors.sponsor} helperText={`The brand in the "Sponsored" label; your name when left empty. ${left(values.sponsor, limits.sponsor)}`}>
        <Input value={values.sponsor} onChange={(e) => change("sponsor", e.target.value)} />
      </FormField>
      <CreativeUploadField
        {...LOGO_UPLOAD}
        onUploaded={(file) => {
          change("logoMediaId", String(file.id));
          change("logoUrl", "");
        }}
        onCleared={() => change("logoMediaId", "")}
      />
      {!values.logoMediaId && (
        <FormField label="Logo URL" error={errors.logoUrl} helperText="A square logo, at least 50×50 pixels">
          <Input type="url" maxLength={options.maxLength.url} value={values.logoUrl} onChange={(e) => change("logoUrl", e.target.value)} />
        </FormField>
      )}
      <Fieldset.Root>
        <Fieldset.Legend>Promoted listing (optional)</Fieldset.Legend>
        <Fieldset.HelperText>For a product or offer: listing templates show its price and rating beside the picture.</Fieldset.HelperText>
        <SimpleGrid columns={3} gap="4" mt="2">
          <FormField label="Price" error={errors.price}>
            <Input type="number" min={0.01} step={0.01} value={values.price} onChange={(e) => change("price", e.target.value)} />
          </FormField>
          <FormField label="Currency" error={errors.currency} helperText="ISO code such as EUR; USD when empty">
            <Input maxLength={3} value={values.currency} onChange={(e) => change("currency", e.target.value.toUpperCase())} />
          </FormField>
          <FormField label="Rating" error={errors.rating} helperText={`0 to ${limits.rating} stars`}>
            <Input type="number" min={0} max={limits.rating} step={0.1} value={values.rating} onChange={(e) => change("rating", e.target.value)} />
          </FormField>
        </SimpleGrid>
      </Fieldset.Root>
    </>
  );
}
