import { Button, Input, SimpleGrid, Stack, Textarea } from "@chakra-ui/react";
import { FormField } from "../../../components/form/form-field";
import { SelectInput } from "../../../components/form/select-input";
import { useSendingForm } from "../../../components/form/use-sending-form";
import { requiredMessage, type FieldErrors } from "../../../components/form/validation";
import type { AudienceRule, FormBoundsFragment } from "../../../gql/graphql";
import type { Outcome } from "../../../lib/mutation-feedback";

export interface AudienceValues {
  name: string;
  rule: string;
  pagePattern: string;
  windowDays: string;
  /** As typed: one a line, or separated by commas or spaces. */
  siteDomains: string;
}

const domainsOf = (typed: string) => typed.split(/[\s,]+/).filter(Boolean);

/** A field of the server's declaration (formOptions.audienceFields): its label, choices, bounds and default. */
const declared = (options: FormBoundsFragment, name: string) => options.audienceFields.find((field) => field.name === name)!;

export const blankAudience = (options: FormBoundsFragment): AudienceValues => ({
  name: "",
  rule: declared(options, "rule").choices[0]?.value ?? "",
  pagePattern: "",
  windowDays: String(JSON.parse(declared(options, "windowDays").defaultValue ?? "null") ?? ""),
  siteDomains: "",
});

const validateWith = (options: FormBoundsFragment) => (values: AudienceValues): FieldErrors<AudienceValues> => {
  const window = declared(options, "windowDays");
  const days = Number(values.windowDays);
  return {
    name: values.name.trim() ? undefined : requiredMessage("Name"),
    pagePattern: values.rule === "VISITED_PAGE" && !values.pagePattern.trim() ? requiredMessage("Page address contains") : undefined,
    windowDays: Number.isInteger(days) && days >= Number(window.min) && days <= Number(window.max) ? undefined : `${window.label} must be from ${window.min} to ${window.max}`,
    siteDomains: domainsOf(values.siteDomains).length === 0 ? requiredMessage("Your site domains") : undefined,
  };
};

/** The values as the server takes them. */
export const audienceInput = (values: AudienceValues) => ({
  name: values.name.trim(),
  rule: values.rule as AudienceRule,
  pagePattern: values.rule === "VISITED_PAGE" ? values.pagePattern.trim() : null,
  windowDays: Number(values.windowDays),
  siteDomains: domainsOf(values.siteDomains),
});

/** A new audience: who joins (the rule, the server's choices), for how long, from which of the advertiser's sites. */
export function AudienceForm({ options, onSubmit }: { options: FormBoundsFragment; onSubmit: (values: AudienceValues) => Promise<Outcome<unknown>> }) {
  const { values, errors, change, busy, submit } = useSendingForm(blankAudience(options), validateWith(options), onSubmit);
  const [rule, pattern, window, domains] = ["rule", "pagePattern", "windowDays", "siteDomains"].map((name) => declared(options, name));
  return (
    <form onSubmit={submit} noValidate aria-label="New audience">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Name" error={errors.name} required>
            <Input maxLength={declared(options, "name").maxLength ?? undefined} value={values.name} onChange={(e) => change("name", e.target.value)} />
          </FormField>
          <FormField label={rule.label} error={errors.rule} required>
            <SelectInput value={values.rule} onChange={(v) => change("rule", v)} options={rule.choices} />
          </FormField>
          {values.rule === "VISITED_PAGE" && (
            <FormField label={pattern.label} error={errors.pagePattern} required helperText="Part of the page's address, * for any characters: /checkout, /shoes/*/sale">
              <Input maxLength={pattern.maxLength ?? undefined} value={values.pagePattern} onChange={(e) => change("pagePattern", e.target.value)} />
            </FormField>
          )}
          <FormField label={window.label} error={errors.windowDays} required helperText={`Members leave this many days after their last matching visit (${window.min} to ${window.max}).`}>
            <Input type="number" inputMode="numeric" min={window.min ?? undefined} max={window.max ?? undefined} value={values.windowDays} onChange={(e) => change("windowDays", e.target.value)} />
          </FormField>
        </SimpleGrid>
        <FormField label={domains.label} error={errors.siteDomains} required helperText={`The pixel adds visitors only on these domains and their subdomains. One a line, at most ${domains.max}.`}>
          <Textarea rows={2} value={values.siteDomains} onChange={(e) => change("siteDomains", e.target.value)} placeholder="shop.example.com" />
        </FormField>
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={busy} loadingText="Creating">
          Create audience
        </Button>
      </Stack>
    </form>
  );
}
