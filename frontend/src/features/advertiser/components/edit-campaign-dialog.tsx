import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";
import { UpdateCampaignDocument, type AdvertiserCampaignFragment } from "../../../gql/graphql";
import { CampaignForm } from "./campaign-form";
import { campaignValuesOf, changedInput } from "./campaign-values";

/** Edits a campaign in place, live: the server sends nothing back to review, and the card shows the answer. */
export function EditCampaignDialog({ campaign, onClose }: { campaign: AdvertiserCampaignFragment | null; onClose: () => void }) {
  const [updateCampaign, { loading }] = useMutation(UpdateCampaignDocument);

  return (
    <AppDialog
      open={campaign !== null}
      onOpenChange={(open) => !open && onClose()}
      title={campaign ? `Edit ${campaign.name}` : "Edit campaign"}
      description="Changes apply at once, without a new review."
      size="lg"
    >
      {campaign && (
        <WithFormOptions>
          {(options) => (
            <CampaignForm
              options={options}
              campaignId={campaign.id}
              initial={() => campaignValuesOf(campaign, options)}
              label={`Edit ${campaign.name}`}
              submitLabel="Save Changes"
              busyLabel="Saving"
              busy={loading}
              onSubmit={async (values) => {
                const input = changedInput(campaignValuesOf(campaign, options), values, options);
                const outcome = await withFeedback(() => updateCampaign({ variables: { id: campaign.id, input } }), {
                  success: "Campaign updated",
                  failure: "Failed to update campaign",
                });
                if (outcome.ok) onClose();
                return outcome;
              }}
            />
          )}
        </WithFormOptions>
      )}
    </AppDialog>
  );
}
