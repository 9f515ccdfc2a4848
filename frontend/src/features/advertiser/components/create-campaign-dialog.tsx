import { Button, Checkbox, CheckboxGroup, Fieldset, Input, SimpleGrid, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { dollarsError } from "../../../components/form/money";
import { requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { formatMoney, toIsoDay } from "../../../components/format";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";
import { CreateCampaignDocument, type FormBoundsFragment, type TargetingInput } from "../../../gql/graphql";
import { TargetingFields } from "./targeting-fields";
import { TargetingForecast } from "./targeting-forecast";
import { cleanTargeting } from "./targeting-value";
import { prependToList } from "../../../lib/cache-updates";

/** A campaign's default flight, from the spec: 30 days (2592000000 ms). */
const DEFAULT_FLIGHT_MS = 30 * 24 * 60 * 60 * 1000;

interface CampaignValues {
  name: string;
  budget: string;
  cpm: string;
  targetCountries: string[];
  targeting: TargetingInput;
  startDate: string;
  endDate: string;
}

const freshValues = (): CampaignValues => {
  const now = Date.now();
  return {
    name: "",
    budget: "",
    cpm: "",
    targetCountries: [],
    targeting: {},
    startDate: toIsoDay(new Date(now)),
    endDate: toIsoDay(new Date(now + DEFAULT_FLIGHT_MS)),
  };
};

const validateWith = (options: FormBoundsFragment) => (values: CampaignValues): FieldErrors<CampaignValues> => ({
  name: values.name.trim() ? undefined : requiredMessage("Campaign name"),
  budget: dollarsError("Budget", values.budget, { min: options.minCampaignBudget, max: options.maxAmount }),
  cpm: dollarsError("CPM", values.cpm, { min: options.minCpm, max: options.maxCpm }),
  startDate: values.startDate ? undefined : requiredMessage("Start date"),
  endDate: !values.endDate
    ? requiredMessage("End date")
    : values.startDate && values.endDate < values.startDate
      ? "The end date can't be before the start date"
      : undefined,
});

interface CreateCampaignDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CreateCampaignDialog({ open, onOpenChange }: CreateCampaignDialogProps) {
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Campaign"
      description="New campaigns are reviewed before they go live."
      size="lg"
    >
      <WithFormOptions>{(options) => <CreateCampaignForm options={options} onCreated={() => onOpenChange(false)} />}</WithFormOptions>
    </AppDialog>
  );
}

function CreateCampaignForm({ options, onCreated }: { options: FormBoundsFragment; onCreated: () => void }) {
  const { values, errors, change, setValues, handleSubmit, showServerError } = useForm(freshValues, validateWith(options));
  const [createCampaign, { loading }] = useMutation(CreateCampaignDocument, {
    update: (cache, { data }) => prependToList(cache, "myCampaigns", data?.createCampaign),
  });

  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(
      async () => {
        await createCampaign({
          variables: {
            input: {
              name: values.name.trim(),
              budget: Number.parseFloat(values.budget),
              cpm: Number.parseFloat(values.cpm),
              targetCountries: values.targetCountries,
              targeting: cleanTargeting(values.targeting),
              startDate: values.startDate,
              endDate: values.endDate,
            },
          },
        });
      },
      { success: "Campaign created and submitted for approval", failure: "Failed to create campaign" },
    );
    if (!outcome.ok) return showServerError(outcome.error);
    setValues(freshValues());
    onCreated();
  });

  const minBudget = formatMoney(options.minCampaignBudget, { cents: false });
  return (
    <form onSubmit={submit} noValidate aria-label="Create campaign">
      <Stack gap="4">
        <FormField label="Campaign name" error={errors.name} required>
          <Input maxLength={options.maxLength.name} value={values.name} onChange={(e) => change("name", e.target.value)} />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField
            label="Budget ($)"
            error={errors.budget}
            required
            helperText={`At least ${minBudget}`}
          >
            <Input
              type="number"
              inputMode="decimal"
              step="0.01"
              min={options.minCampaignBudget}
              max={options.maxAmount}
              value={values.budget}
              onChange={(e) => change("budget", e.target.value)}
            />
          </FormField>
          <FormField label="CPM ($)" error={errors.cpm} required helperText="Price per thousand impressions">
            <Input
              type="number"
              inputMode="decimal"
              step="0.01"
              min={options.minCpm}
              max={options.maxCpm}
              value={values.cpm}
              onChange={(e) => change("cpm", e.target.value)}
            />
          </FormField>
          <FormField label="Start date" error={errors.startDate} required>
            <Input type="date" value={values.startDate} onChange={(e) => change("startDate", e.target.value)} />
          </FormField>
          <FormField label="End date" error={errors.endDate} required>
            <Input
              type="date"
              min={values.startDate}
              value={values.endDate}
              onChange={(e) => change("endDate", e.target.value)}
            />
          </FormField>
        </SimpleGrid>
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
          defaultTimeZone={options.reportTimeZone}
          error={errors.targeting}
        />
        <TargetingForecast input={{ targetCountries: values.targetCountries, targeting: cleanTargeting(values.targeting) }} />
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Creating">
          Create Campaign
        </Button>
      </Stack>
    </form>
  );
}
