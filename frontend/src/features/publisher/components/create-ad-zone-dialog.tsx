import { Button, Input, SimpleGrid, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { SelectInput } from "../../../components/form/select-input";
import { pixelsError } from "../../../components/form/pixels";
import { requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";
import { prependToList } from "../../../lib/cache-updates";
import {
  CreateAdZoneDocument,
  type FormBoundsFragment,
  type PublisherSiteFragment,
} from "../../../gql/graphql";

interface ZoneValues {
  siteId: string;
  name: string;
  width: string;
  height: string;
  format: string;
  position: string;
}

/** The spec's default zone; with a single approved site there is nothing to choose, so it is chosen. */
const blankFor = (approvedSites: PublisherSiteFragment[]): ZoneValues => ({
  siteId: approvedSites.length === 1 ? String(approvedSites[0].id) : "",
  name: "",
  width: "728",
  height: "90",
  format: "banner",
  position: "header",
});

interface CreateAdZoneDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  approvedSites: PublisherSiteFragment[];
}

export function CreateAdZoneDialog({ open, onOpenChange, approvedSites }: CreateAdZoneDialogProps) {
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Ad Zone"
      description="Only approved sites can hold ad zones."
    >
      <WithFormOptions>
        {(options) => <CreateAdZoneForm options={options} approvedSites={approvedSites} onCreated={() => onOpenChange(false)} />}
      </WithFormOptions>
    </AppDialog>
  );
}

interface CreateAdZoneFormProps {
  options: FormBoundsFragment;
  approvedSites: PublisherSiteFragment[];
  onCreated: () => void;
}

function CreateAdZoneForm({ options, approvedSites, onCreated }: CreateAdZoneFormProps) {
  const validate = (values: ZoneValues): FieldErrors<ZoneValues> => ({
    siteId: values.siteId ? undefined : requiredMessage("Site"),
    name: values.name.trim() ? undefined : requiredMessage("Zone name"),
    width: pixelsError("Width", values.width, options),
    height: pixelsError("Height", values.height, options),
  });
  const { values, errors, change, setValues, handleSubmit, showServerError } = useForm(() => blankFor(approvedSites), validate);
  const [createAdZone, { loading }] = useMutation(CreateAdZoneDocument, {
    update: (cache, { data }) => prependToList(cache, "myAdZones", data?.createAdZone),
  });

  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(
      async () => {
        await createAdZone({
          variables: {
            input: {
              siteId: Number(values.siteId),
              name: values.name.trim(),
              width: Number(values.width),
              height: Number(values.height),
              format: values.format,
              position: values.position,
            },
          },
        });
      },
      { success: "Ad zone created successfully", failure: "Failed to create ad zone" },
    );
    if (!outcome.ok) return showServerError(outcome.error);
    setValues(blankFor(approvedSites));
    onCreated();
  });

  const pixels = { min: options.minPixels, max: options.maxPixels, step: 1 };
  return (
    <form onSubmit={submit} noValidate aria-label="Create ad zone">
      <Stack gap="4">
        <FormField label="Site" error={errors.siteId} required>
          <SelectInput
            value={values.siteId}
            onChange={(v) => change("siteId", v)}
            options={approvedSites.map((s) => ({ value: String(s.id), label: `${s.name} (${s.domain})` }))}
            placeholder="Select an approved site"
          />
        </FormField>
        <FormField label="Zone name" error={errors.name} required>
          <Input maxLength={options.maxLength.name} value={values.name} onChange={(e) => change("name", e.target.value)} />
        </FormField>
        <SimpleGrid columns={2} gap="4">
          <FormField label="Width" error={errors.width} required>
            <Input type="number" {...pixels} value={values.width} onChange={(e) => change("width", e.target.value)} />
          </FormField>
          <FormField label="Height" error={errors.height} required>
            <Input type="number" {...pixels} value={values.height} onChange={(e) => change("height", e.target.value)} />
          </FormField>
          <FormField label="Format">
            <SelectInput value={values.format} onChange={(v) => change("format", v)} options={options.zoneFormats} />
          </FormField>
          <FormField label="Position">
            <SelectInput value={values.position} onChange={(v) => change("position", v)} options={options.zonePositions} />
          </FormField>
        </SimpleGrid>
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Creating">
          Create Ad Zone
        </Button>
      </Stack>
    </form>
  );
}
