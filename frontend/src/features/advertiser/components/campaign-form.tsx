import { Button, Checkbox, CheckboxGroup, Fieldset, Input, SimpleGrid, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { FormField } from "../../../components/form/form-field";
import { SelectInput } from "../../../components/form/select-input";
import { useForm } from "../../../components/form/use-form";
import { formatMoney } from "../../../components/format";
import type { CreativeRotation, FormBoundsFragment, PacingMode, PricingModel } from "../../../gql/graphql";
import { bidBoundsOf, declaredOnlyFields, forecastInputOf, validateCampaignWith, type CampaignValues } from "./campaign-values";
import { DeclaredFieldInput } from "./declared-field-input";
import { FrequencyCapsFields } from "./frequency-caps-fields";
import { useTargetingChoices } from "../hooks/use-targeting-choices";
import { TargetingFields } from "./targeting-fields";
import { TargetingForecast } from "./targeting-forecast";
import { AudiencePicker } from "../../audiences/components/audience-picker";

interface CampaignFormProps {
  options: FormBoundsFragment;
  /** The campaign being edited; none while one is created. */
  campaignId?: number;
  initial: CampaignValues | (() => CampaignValues);
  /** The form's name for screen readers: "Create campaign", "Edit Spring Sale". */
  label: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Sends the values; a refusal the server pins on a field shows under it, and success resets the form. */
  onSubmit: (values: CampaignValues) => Promise<{ ok: true } | { ok: false; error: unknown }>;
}

/** One group of fields under its heading. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">{title}</Fieldset.Legend>
      <Fieldset.Content>{children}</Fieldset.Content>
    </Fieldset.Root>
  );
}

const moneyInput = { type: "number", inputMode: "decimal", step: "0.01" } as const;

/**
 * Creating and editing a campaign share this form, so a rule or a choice is added once. Its
 * sections follow the campaign page of the spec: the campaign, its money, its flight, its audience.
 */
export function CampaignForm({ options, campaignId, initial, label, submitLabel, busyLabel, busy, onSubmit }: CampaignFormProps) {
  const { values, errors, change, setValues, handleSubmit, showServerError } = useForm(initial, validateCampaignWith(options));
  const bounds = bidBoundsOf(options, values.pricingModel);
  const declaredOnly = declaredOnlyFields(options);
  const targetingChoices = useTargetingChoices(options);

  const submit = handleSubmit(async () => {
    const outcome = await onSubmit(values);
    if (!outcome.ok) return showServerError(outcome.error);
    setValues(initial);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="5">
        <Section title="Campaign">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label="Campaign name" error={errors.name} required>
              <Input maxLength={options.maxLength.name} value={values.name} onChange={(e) => change("name", e.target.value)} />
            </FormField>
            <FormField label="Category" helperText="What you advertise; sites may refuse some categories">
              <SelectInput value={values.category} onChange={(value) => change("category", value)} options={options.advertiserCategories} />
            </FormField>
          </SimpleGrid>
        </Section>
        <Section title="Spending and price">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label="Budget ($)" error={errors.budget} required helperText={`At least ${formatMoney(options.minCampaignBudget, { cents: false })}`}>
              <Input {...moneyInput} min={options.minCampaignBudget} max={options.maxAmount} value={values.budget} onChange={(e) => change("budget", e.target.value)} />
            </FormField>
            <FormField label="Daily budget cap ($)" error={errors.dailyCap} helperText="Leave empty for no daily cap">
              <Input {...moneyInput} min={0.01} value={values.dailyCap} onChange={(e) => change("dailyCap", e.target.value)} />
            </FormField>
            <FormField label="Pricing model">
              <SelectInput value={values.pricingModel} onChange={(value) => change("pricingModel", value as PricingModel)} options={options.pricingModels} />
            </FormField>
            <FormField
              label={`${bounds.priceLabel} ($)`}
              error={errors.bid}
              required
              helperText={`Price ${bounds.unit}, ${formatMoney(bounds.min)} to ${formatMoney(bounds.max, { cents: false })}`}
            >
              <Input {...moneyInput} min={bounds.min} max={bounds.max} value={values.bid} onChange={(e) => change("bid", e.target.value)} />
            </FormField>
          </SimpleGrid>
        </Section>
        <Section title="Flight and delivery">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label="Start date" error={errors.startDate} required>
              <Input type="date" value={values.startDate} onChange={(e) => change("startDate", e.target.value)} />
            </FormField>
            <FormField label="End date" error={errors.endDate} required>
              <Input type="date" min={values.startDate} value={values.endDate} onChange={(e) => change("endDate", e.target.value)} />
            </FormField>
            <FormField label="Pacing">
              <SelectInput value={values.pacing} onChange={(value) => change("pacing", value as PacingMode)} options={options.pacingModes} />
            </FormField>
            <FormField label="Creative rotation">
              <SelectInput value={values.rotation} onChange={(value) => change("rotation", value as CreativeRotation)} options={options.creativeRotations} />
            </FormField>
          </SimpleGrid>
        </Section>
        <Section title="Targeting">
          <Fieldset.Root>
            <Fieldset.Legend>Target countries</Fieldset.Legend>
            <Fieldset.HelperText>Leave all unticked to target every country.</Fieldset.HelperText>
            <CheckboxGroup value={values.targetCountries} onValueChange={(v) => change("targetCountries", v)}>
              <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2" mt="2">
                {options.countries.map((country) => (
                  <Checkbox.Root key={country.value} value={country.value} size="sm">
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{country.label}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
            </CheckboxGroup>
          </Fieldset.Root>
          <TargetingFields
            value={values.targeting}
            onChange={(targeting) => change("targeting", targeting)}
            rules={options.targetingRules}
            choices={targetingChoices}
            error={errors.targeting}
          />
          <AudiencePicker value={values.audiences} onChange={(audiences) => change("audiences", audiences)} error={errors.audiences} />
          <TargetingForecast input={forecastInputOf(values, options, campaignId)} />
        </Section>
        <FrequencyCapsFields value={values.frequencyCaps} onChange={(v) => change("frequencyCaps", v)} error={errors.frequencyCaps} bounds={options} />
        {declaredOnly.length > 0 && (
          <Section title="More settings">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              {declaredOnly.map((field) => (
                <DeclaredFieldInput key={field.name} field={field} value={String(values[field.name] ?? "")} error={errors[field.name]} onChange={(value) => change(field.name, value)} />
              ))}
            </SimpleGrid>
          </Section>
        )}
        <Button type="submit" colorPalette="brand" loading={busy} loadingText={busyLabel}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
