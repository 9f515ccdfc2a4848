import { Button, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { SelectInput } from "../../../components/form/select-input";
import { requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";
import {
  CreateCreativeDocument,
  type AdvertiserCampaignFragment,
  type FormBoundsFragment,
} from "../../../gql/graphql";
import {
  blankCreativeContent,
  toCreativeContentInput,
  validateCreativeContent,
  type CreativeContentValues,
} from "../creative-content";
import { CreativeContentFields } from "./creative-content-fields";
import { CreativeUploadField, type UploadedMedia } from "./creative-upload-field";
import { prependToList } from "../../../lib/cache-updates";

interface UploadValues extends CreativeContentValues {
  campaignId: string;
}

const blank: UploadValues = { campaignId: "", ...blankCreativeContent };

const validateWith = (options: FormBoundsFragment) => (values: UploadValues): FieldErrors<UploadValues> => ({
  campaignId: values.campaignId ? undefined : requiredMessage("Campaign"),
  ...validateCreativeContent(values, options),
});

/** An uploaded image may be a native ad's picture: a native creative stays native, its texts kept; otherwise the file's kind is the type. */
const typeAfterUpload = (type: string, file: UploadedMedia) => (type === "native" && file.kind === "image" ? type : file.kind);

interface UploadCreativeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaigns: AdvertiserCampaignFragment[];
}

export function UploadCreativeDialog({ open, onOpenChange, campaigns }: UploadCreativeDialogProps) {
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Creative"
      description="Upload a file or give its address; creatives are reviewed before they are shown."
    >
      <WithFormOptions>
        {(options) => <UploadCreativeForm options={options} campaigns={campaigns} onUploaded={() => onOpenChange(false)} />}
      </WithFormOptions>
    </AppDialog>
  );
}

interface UploadCreativeFormProps {
  options: FormBoundsFragment;
  campaigns: AdvertiserCampaignFragment[];
  onUploaded: () => void;
}

function UploadCreativeForm({ options, campaigns, onUploaded }: UploadCreativeFormProps) {
  const { values, errors, change, setValues, handleSubmit, showServerError } = useForm(blank, validateWith(options));
  const [createCreative, { loading }] = useMutation(CreateCreativeDocument, {
    update: (cache, { data }) => prependToList(cache, "myCreatives", data?.createCreative),
  });

  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(
      async () => {
        await createCreative({
          variables: { input: { campaignId: Number(values.campaignId), ...toCreativeContentInput(values, options) } },
        });
      },
      { success: "Creative added and sent for review", failure: "Failed to add creative" },
    );
    if (!outcome.ok) return showServerError(outcome.error);
    setValues(blank);
    onUploaded();
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Add creative">
      <Stack gap="4">
        <FormField label="Campaign" error={errors.campaignId} required>
          <SelectInput
            value={values.campaignId}
            onChange={(v) => change("campaignId", v)}
            options={campaigns.map((c) => ({ value: String(c.id), label: c.name }))}
            placeholder="Select a campaign"
          />
        </FormField>
        <CreativeUploadField
          onUploaded={(file) => setValues((current) => ({ ...current, mediaId: String(file.id), contentUrl: "", type: typeAfterUpload(current.type, file), width: String(file.width), height: String(file.height) }))}
          onCleared={() => change("mediaId", "")}
        />
        <CreativeContentFields options={options} values={values} errors={errors} change={change} />
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Adding">
          Add Creative
        </Button>
      </Stack>
    </form>
  );
}
