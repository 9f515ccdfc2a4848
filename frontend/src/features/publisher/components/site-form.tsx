import { Button, Input, Stack, Textarea } from "@chakra-ui/react";
import { FormField } from "../../../components/form/form-field";
import { useSendingForm } from "../../../components/form/use-sending-form";
import { SelectInput } from "../../../components/form/select-input";
import { requiredMessage, type FieldErrors } from "../../../components/form/validation";
import type { Outcome } from "../../../lib/mutation-feedback";
import type { FormBoundsFragment } from "../../../gql/graphql";

export interface SiteValues {
  domain: string;
  name: string;
  category: string;
  description: string;
}

export const blankSite: SiteValues = { domain: "", name: "", category: "", description: "" };

const validate = (values: SiteValues): FieldErrors<SiteValues> => ({
  domain: values.domain.trim() ? undefined : requiredMessage("Domain"),
  name: values.name.trim() ? undefined : requiredMessage("Site name"),
  category: values.category ? undefined : requiredMessage("Category"),
  description: values.description.trim() ? undefined : requiredMessage("Description"),
});

/** The values as the server takes them. */
export const siteInput = (values: SiteValues) => ({
  domain: values.domain.trim(),
  name: values.name.trim(),
  category: values.category,
  description: values.description.trim(),
});

interface SiteFormProps {
  options: FormBoundsFragment;
  initial: SiteValues;
  /** The form's accessible name and its button's words. */
  purpose: { label: string; submit: string; busy: string };
  domainHelp: string;
  /** Sends the values; a refusal the server pins on a field shows under it. */
  onSubmit: (values: SiteValues) => Promise<Outcome<unknown>>;
}

/** The site's fields, for adding a site and for editing one. */
export function SiteForm({ options, initial, purpose, domainHelp, onSubmit }: SiteFormProps) {
  const { values, errors, change, busy, submit } = useSendingForm(initial, validate, onSubmit);

  const { maxLength } = options;
  return (
    <form onSubmit={submit} noValidate aria-label={purpose.label}>
      <Stack gap="4">
        <FormField label="Domain" error={errors.domain} required helperText={domainHelp}>
          <Input maxLength={maxLength.domain} value={values.domain} onChange={(e) => change("domain", e.target.value)} />
        </FormField>
        <FormField label="Site name" error={errors.name} required>
          <Input maxLength={maxLength.name} value={values.name} onChange={(e) => change("name", e.target.value)} />
        </FormField>
        <FormField label="Category" error={errors.category} required>
          <SelectInput
            value={values.category}
            onChange={(v) => change("category", v)}
            options={options.siteCategories}
            placeholder="Select a category"
          />
        </FormField>
        <FormField label="Description" error={errors.description} required>
          <Textarea
            rows={3}
            maxLength={maxLength.description}
            value={values.description}
            onChange={(e) => change("description", e.target.value)}
          />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={busy} loadingText={purpose.busy}>
          {purpose.submit}
        </Button>
      </Stack>
    </form>
  );
}
