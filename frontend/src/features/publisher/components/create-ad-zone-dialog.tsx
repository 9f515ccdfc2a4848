import { Button, Input, SimpleGrid, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { optionsOf, SelectInput } from "../../../components/form/select-input";
import { pixelsError } from "../../../components/form/pixels";
import { requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { AppDialog } from "../../../components/ui/app-dialog";
import { CreateAdZoneDocument, PublisherDashboardDocument, type PublisherSiteFragment } from "../../../gql/graphql";
import { ZONE_FORMATS, ZONE_POSITIONS } from "../publisher-options";

interface ZoneValues {
  siteId: string;
  name: string;
  width: string;
  height: string;
  format: string;
  position: string;
}

const blank: ZoneValues = { siteId: "", name: "", width: "728", height: "90", format: "banner", position: "header" };

const validate = (values: ZoneValues): FieldErrors<ZoneValues> => ({
  siteId: values.siteId ? undefined : requiredMessage("Site"),
  name: values.name.trim() ? undefined : requiredMessage("Zone name"),
  width: pixelsError("Width", values.width),
  height: pixelsError("Height", values.height),
});

interface CreateAdZoneDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  approvedSites: PublisherSiteFragment[];
}

export function CreateAdZoneDialog({ open, onOpenChange, approvedSites }: CreateAdZoneDialogProps) {
  const { values, errors, change, setValues, handleSubmit } = useForm(blank, validate);
  const [createAdZone, { loading }] = useMutation(CreateAdZoneDocument, {
    refetchQueries: [PublisherDashboardDocument],
    awaitRefetchQueries: true,
  });

  const submit = handleSubmit(async () => {
    const { ok } = await withFeedback(
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
    if (!ok) return;
    setValues(blank);
    onOpenChange(false);
  });

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Ad Zone"
      description="Only approved sites can hold ad zones."
    >
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
            <Input value={values.name} onChange={(e) => change("name", e.target.value)} />
          </FormField>
          <SimpleGrid columns={2} gap="4">
            <FormField label="Width" error={errors.width} required>
              <Input type="number" min={1} step={1} value={values.width} onChange={(e) => change("width", e.target.value)} />
            </FormField>
            <FormField label="Height" error={errors.height} required>
              <Input type="number" min={1} step={1} value={values.height} onChange={(e) => change("height", e.target.value)} />
            </FormField>
            <FormField label="Format">
              <SelectInput value={values.format} onChange={(v) => change("format", v)} options={optionsOf(ZONE_FORMATS)} />
            </FormField>
            <FormField label="Position">
              <SelectInput
                value={values.position}
                onChange={(v) => change("position", v)}
                options={optionsOf(ZONE_POSITIONS)}
              />
            </FormField>
          </SimpleGrid>
          <Button type="submit" colorPalette="brand" loading={loading} loadingText="Creating">
            Create Ad Zone
          </Button>
        </Stack>
      </form>
    </AppDialog>
  );
}
