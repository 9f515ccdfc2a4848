import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { typedValuesOf } from "../../../components/form/declared-fields";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";
import { CreateAdZoneDocument, type FormBoundsFragment, type PublisherSiteFragment } from "../../../gql/graphql";
import { sizeChoiceOf, ZoneForm, zoneInput, type ZoneValues } from "./zone-form";
import { prependToList } from "../../../lib/cache-updates";

/** A new zone: the declared defaults (options.zoneFields); with a single approved site there is nothing to choose, so it is chosen. */
const blankFor = (options: FormBoundsFragment, approvedSites: PublisherSiteFragment[]): ZoneValues => {
  const declared = typedValuesOf(options.zoneFields, options.zoneFields);
  return {
    siteId: approvedSites.length === 1 ? String(approvedSites[0].id) : "",
    name: declared.name,
    size: sizeChoiceOf(options, Number(declared.width), Number(declared.height)),
    width: declared.width,
    height: declared.height,
    format: declared.format,
    position: declared.position,
    floor: declared.floor,
    presentation: declared.presentation,
    nativeTemplate: declared.nativeTemplate,
    adCount: declared.adCount,
    layout: declared.layout,
    houseItems: [],
    podSize: declared.podSize,
    breakSeconds: declared.breakSeconds,
    midrollOffsets: declared.midrollOffsets,
  };
};

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
