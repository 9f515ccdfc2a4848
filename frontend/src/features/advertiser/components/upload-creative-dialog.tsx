import { Button, Input, SimpleGrid, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { serverErrorMessage } from "../../../app/server-error-message";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { optionsOf, SelectInput } from "../../../components/form/select-input";
import { pixelsError } from "../../../components/form/pixels";
import { requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { AppDialog } from "../../../components/ui/app-dialog";
import { toaster } from "../../../components/ui/toaster";
import { AdvertiserDashboardDocument, CreateCreativeDocument, type AdvertiserCampaignFragment } from "../../../gql/graphql";
import { CREATIVE_TYPES } from "../advertiser-options";

interface CreativeValues {
  campaignId: string;
  name: string;
  type: string;
  contentUrl: string;
  clickUrl: string;
  width: string;
  height: string;
}

const blank: CreativeValues = { campaignId: "", name: "", type: "image", contentUrl: "", clickUrl: "", width: "728", height: "90" };

const urlError = (label: string, value: string, required: boolean) => {
  if (!value.trim()) return required ? requiredMessage(label) : undefined;
  try {
    const { protocol } = new URL(value.trim());
    return protocol === "http:" || protocol === "https:" ? undefined : `${label} must start with http:// or https://`;
  } catch {
    return `${label} must be a full address such as https://example.com/banner.png`;
  }
};

const validate = (values: CreativeValues): FieldErrors<CreativeValues> => ({
  campaignId: values.campaignId ? undefined : requiredMessage("Campaign"),
  name: values.name.trim() ? undefined : requiredMessage("Creative name"),
  contentUrl: urlError("Content URL", values.contentUrl, true),
  clickUrl: urlError("Click URL", values.clickUrl, false),
  width: pixelsError("Width", values.width),
  height: pixelsError("Height", values.height),
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
    try {
      await createCreative({
        variables: {
          input: {
            campaignId: Number(values.campaignId),
            name: values.name.trim(),
            type: values.type,
            contentUrl: values.contentUrl.trim(),
            clickUrl: values.clickUrl.trim() || null,
            width: Number(values.width),
            height: Number(values.height),
          },
        },
      });
      toaster.create({ type: "success", title: "Creative uploaded successfully" });
      setValues(blank);
      onOpenChange(false);
    } catch (error) {
      toaster.create({ type: "error", title: serverErrorMessage(error, "Failed to upload creative") });
    }
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
          <Button type="submit" colorPalette="brand" loading={loading} loadingText="Uploading">
            Upload Creative
          </Button>
        </Stack>
      </form>
    </AppDialog>
  );
}
