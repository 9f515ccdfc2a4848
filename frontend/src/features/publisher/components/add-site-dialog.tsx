import { Button, Input, Stack, Textarea } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { SelectInput } from "../../../components/form/select-input";
import { requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";
import { CreateSiteDocument, type FormBoundsFragment } from "../../../gql/graphql";
import { prependToList } from "../../../lib/cache-updates";

interface SiteValues {
  domain: string;
  name: string;
  category: string;
  description: string;
}

const blank: SiteValues = { domain: "", name: "", category: "", description: "" };

const validate = (values: SiteValues): FieldErrors<SiteValues> => ({
  domain: values.domain.trim() ? undefined : requiredMessage("Domain"),
  name: values.name.trim() ? undefined : requiredMessage("Site name"),
  category: values.category ? undefined : requiredMessage("Category"),
  description: values.description.trim() ? undefined : requiredMessage("Description"),
});

interface AddSiteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AddSiteDialog({ open, onOpenChange }: AddSiteDialogProps) {
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add New Site"
      description="Sites are reviewed within 24 hours."
    >
      <WithFormOptions>{(options) => <AddSiteForm options={options} onAdded={() => onOpenChange(false)} />}</WithFormOptions>
    </AppDialog>
  );
}

function AddSiteForm({ options, onAdded }: { options: FormBoundsFragment; onAdded: () => void }) {
  const { values, errors, change, setValues, handleSubmit, showServerError } = useForm(blank, validate);
  const [createSite, { loading }] = useMutation(CreateSiteDocument, {
    update: (cache, { data }) => prependToList(cache, "mySites", data?.createSite),
  });

  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(
      async () => {
        await createSite({
          variables: {
            input: {
              domain: values.domain.trim(),
              name: values.name.trim(),
              category: values.category,
              description: values.description.trim(),
            },
          },
        });
      },
      { success: "Site submitted for approval", failure: "Failed to create site" },
    );
    if (!outcome.ok) return showServerError(outcome.error);
    setValues(blank);
    onAdded();
  });

  const { maxLength } = options;
  return (
    <form onSubmit={submit} noValidate aria-label="Add site">
      <Stack gap="4">
        <FormField label="Domain" error={errors.domain} required helperText="For example news.example.com">
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
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Submitting">
          Submit for Approval
        </Button>
      </Stack>
    </form>
  );
}
