import { Button, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { SelectInput } from "../../../components/form/select-input";
import { requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { AppDialog } from "../../../components/ui/app-dialog";
import { AdvertiserDashboardDocument, CreateCreativeDocument, type AdvertiserCampaignFragment } from "../../../gql/graphql";
import {
  blankCreativeContent,
  toCreativeContentInput,
  validateCreativeContent,
  type CreativeContentValues,
} from "../creative-content";
import { CreativeContentFields } from "./creative-content-fields";

interface UploadValues extends CreativeContentValues {
  campaignId: string;
}

const blank: UploadValues = { campaignId: "", ...blankCreativeContent };

const validate = (values: UploadValues): FieldErrors<UploadValues> => ({
  campaignId: values.campaignId ? undefined : requiredMessage("Campaign"),
  ...validateCreativeContent(values),
});

interface UploadCreativeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaigns: AdvertiserCampaignFragment[];
}

export function UploadCreativeDialog({ open, onOpenChange, campaigns }: UploadCreativeDialogProps) {
  const { values, errors, change, setValues, handleSubmit } = useForm(blank, validate);
  const [createCreative, { loading }] = useMutation(CreateCreativeDocument, {
    refetchQueries: [AdvertiserDashboardDocument],
    awaitRefetchQueries: true,
  });

  const submit = handleSubmit(async () => {
    const { ok } = await withFeedback(
      async () => {
        await createCreative({
          variables: { input: { campaignId: Number(values.campaignId), ...toCreativeContentInput(values) } },
        });
      },
      { success: "Creative uploaded successfully", failure: "Failed to upload creative" },
    );
    if (!ok) return;
    setValues(blank);
    onOpenChange(false);
  });

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upload Creative"
      description="Creatives are reviewed before they are shown."
    >
      <form onSubmit={submit} noValidate aria-label="Upload creative">
        <Stack gap="4">
          <FormField label="Campaign" error={errors.campaignId} required>
            <SelectInput
              value={values.campaignId}
              onChange={(v) => change("campaignId", v)}
              options={campaigns.map((c) => ({ value: String(c.id), label: c.name }))}
              placeholder="Select a campaign"
            />
          </FormField>
          <CreativeContentFields values={values} errors={errors} change={change} />
          <Button type="submit" colorPalette="brand" loading={loading} loadingText="Uploading">
            Upload Creative
          </Button>
        </Stack>
      </form>
    </AppDialog>
  );
}
