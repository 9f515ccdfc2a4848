import { withFeedback } from "../../../lib/mutation-feedback";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";
import type { PublisherAdZoneFragment } from "../../../gql/graphql";
import { useInventoryMutations } from "../hooks/use-inventory-mutations";
import { sizeChoiceOf, ZoneForm, zoneInput, type ZoneValues } from "./zone-form";

const EDITING = { label: "Edit ad zone", submit: "Save Changes", busy: "Saving" };

/** Edits a zone with the form that created it; it stays on its site and keeps its tag's id. */
export function EditAdZoneDialog({ zone, onClose }: { zone: PublisherAdZoneFragment; onClose: () => void }) {
  const { updateAdZone } = useInventoryMutations();

  const save = async (values: ZoneValues) => {
    const outcome = await withFeedback(() => updateAdZone({ variables: { id: zone.id, input: zoneInput(values) } }), {
      success: "Ad zone saved",
      failure: "Failed to save ad zone",
    });
    if (outcome.ok) onClose();
    return outcome;
  };

  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title={`Edit ${zone.name}`} description={`On ${zone.siteName}. A new size needs the tag copied again.`}>
      <WithFormOptions>
        {(options) => (
          <ZoneForm
            options={options}
            initial={{
              siteId: String(zone.siteId),
              name: zone.name,
              size: sizeChoiceOf(options, zone.width, zone.height),
              width: String(zone.width),
              height: String(zone.height),
              format: zone.format,
              position: zone.position,
              floor: String(zone.floor),
              presentation: zone.presentation,
              nativeTemplate: zone.nativeTemplate ?? "",
              adCount: String(zone.adCount),
              layout: zone.layout,
              houseItems: zone.houseItems.map((item) => ({ title: item.title, url: item.url, image: item.image ?? "" })),
              podSize: String(zone.podSize),
              breakSeconds: String(zone.breakSeconds),
              midrollOffsets: zone.midrollOffsets.join(", "),
            }}
            purpose={EDITING}
            onSubmit={save}
          />
        )}
      </WithFormOptions>
    </AppDialog>
  );
}
