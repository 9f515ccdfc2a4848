import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";
import { CreateAdZoneDocument, type FormBoundsFragment, type PublisherSiteFragment } from "../../../gql/graphql";
import { sizeChoiceOf, ZoneForm, zoneInput, type ZoneValues } from "./zone-form";
import { prependToList } from "../../../lib/cache-updates";

/** The spec's default zone; with a single approved site there is nothing to choose, so it is chosen. */
const blankFor = (options: FormBoundsFragment, approvedSites: PublisherSiteFragment[]): ZoneValues => ({
  siteId: approvedSites.length === 1 ? String(approvedSites[0].id) : "",
  name: "",
  size: sizeChoiceOf(options, 728, 90),
  width: "728",
  height: "90",
  format: "banner",
  position: "header",
  floor: "0",
  presentation: "inline",
  nativeTemplate: "",
});

const CREATING = { label: "Create ad zone", submit: "Create Ad Zone", busy: "Creating" };

interface CreateAdZoneDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  approvedSites: PublisherSiteFragment[];
}

export function CreateAdZoneDialog({ open, onOpenChange, approvedSites }: CreateAdZoneDialogProps) {
  const [createAdZone] = useMutation(CreateAdZoneDocument, {
    update: (cache, { data }) => prependToList(cache, "myAdZones", data?.createAdZone),
  });

  const create = async (values: ZoneValues) => {
    const outcome = await withFeedback(() => createAdZone({ variables: { input: { siteId: Number(values.siteId), ...zoneInput(values) } } }), {
      success: "Ad zone created successfully",
      failure: "Failed to create ad zone",
    });
    if (outcome.ok) onOpenChange(false);
    return outcome;
  };

  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Create Ad Zone" description="Only approved sites can hold ad zones.">
      <WithFormOptions>
        {(options) => <ZoneForm options={options} initial={blankFor(options, approvedSites)} approvedSites={approvedSites} purpose={CREATING} onSubmit={create} />}
      </WithFormOptions>
    </AppDialog>
  );
}
