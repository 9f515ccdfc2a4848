import { Button, Checkbox, CheckboxGroup, Fieldset, Input, SimpleGrid, Stack, Textarea } from "@chakra-ui/react";
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
  blockedCategories: string[];
  /** Landing domains as typed: one a line, or separated by commas or spaces. */
  blockedDomains: string;
}

export const blankSite: SiteValues = { domain: "", name: "", category: "", description: "", blockedCategories: [], blockedDomains: "" };

const domainsOf = (typed: string) => typed.split(/[\s,]+/).filter(Boolean);

/** The server's limit on a site's blocked landing domains, as its declaration serves it. */
const maxBlockedDomainsOf = (options: FormBoundsFragment) => Number(options.siteFields.find((field) => field.name === "blockedDomains")?.max);

const validateWith = (maxBlockedDomains: number) => (values: SiteValues): FieldErrors<SiteValues> => ({
  domain: values.domain.trim() ? undefined : requiredMessage("Domain"),
  name: values.name.trim() ? undefined : requiredMessage("Site name"),
  category: values.category ? undefined : requiredMessage("Category"),
  description: values.description.trim() ? undefined : requiredMessage("Description"),
  blockedDomains: domainsOf(values.blockedDomains).length > maxBlockedDomains ? `Blocked domains can hold at most ${maxBlockedDomains} domains` : undefined,
});

/** The values as the server takes them. */
export const siteInput = (values: SiteValues) => ({
  domain: values.domain.trim(),
  name: values.name.trim(),
  category: values.category,
  description: values.description.trim(),
  blockedCategories: values.blockedCategories,
  blockedDomains: domainsOf(values.blockedDomains),
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
  const maxBlockedDomains = maxBlockedDomainsOf(options);
  const { values, errors, change, busy, submit } = useSendingForm(initial, validateWith(maxBlockedDomains), onSubmit);

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
        <Fieldset.Root invalid={Boolean(errors.blockedCategories)}>
          <Fieldset.Legend>Blocked advertiser categories</Fieldset.Legend>
          <Fieldset.HelperText>Ads of the ticked categories never show on this site.</Fieldset.HelperText>
          <CheckboxGroup value={values.blockedCategories} onValueChange={(v) => change("blockedCategories", v)}>
            <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2" mt="2">
              {options.advertiserCategories.map((category) => (
                <Checkbox.Root key={category.value} value={category.value} size="sm">
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{category.label}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
          </CheckboxGroup>
          <Fieldset.ErrorText>{errors.blockedCategories}</Fieldset.ErrorText>
        </Fieldset.Root>
        <FormField
          label="Blocked landing domains"
          error={errors.blockedDomains}
          helperText={`Ads leading to these domains, or their subdomains, never show on this site. One a line, at most ${maxBlockedDomains}.`}
        >
          <Textarea rows={3} value={values.blockedDomains} onChange={(e) => change("blockedDomains", e.target.value)} placeholder="rival.example" />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={busy} loadingText={purpose.busy}>
          {purpose.submit}
        </Button>
      </Stack>
    </form>
  );
}
