import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { useFormOptions, WithFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";
import { UpdateCampaignDocument, type AdvertiserCampaignFragment, type FormBoundsFragment } from "../../../gql/graphql";
import { CampaignForm } from "./campaign-form";
import { campaignValuesOf, changedInput } from "./campaign-values";

/** "Changes apply at once; a new category sends the campaign back to review.", from the fields the server declares reviewed. */
function reviewNote(options: FormBoundsFragment | undefined): string {
  const reviewed = options?.campaignFields.filter((field) => field.sendsToReview).map((field) => field.label.toLowerCase()) ?? [];
  if (reviewed.length === 0) return "Changes apply at once, without a new review.";
  return `Changes apply at once; a new ${reviewed.join(" or ")} sends an approved campaign back to review.`;
}

/** Edits a campaign in place: most changes live, a reviewed field's back to review, as the server decides; the card shows the answer. */
export function EditCampaignDialog({ campaign, onClose }: { campaign: AdvertiserCampaignFragment | null; onClose: () => void }) {
  const [updateCampaign, { loading }] = useMutation(UpdateCampaignDocument);
  const { options } = useFormOptions();

  return (
    <AppDialog
      open={campaign !== null}
      onOpenChange={(open) => !open && onClose()}
      title={campaign ? `Edit ${campaign.name}` : "Edit campaign"}
      description={reviewNote(options)}
      size="lg"
    >
      {campaign && (
        <WithFormOptions role={"ADVERTISER"}>
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
                const wasLive = campaign.status !== "PENDING";
                const outcome = await withFeedback(() => updateCampaign({ variables: { id: campaign.id, input } }), {
                  success: (answer) => (wasLive && answer.data?.updateCampaign.status === "PENDING" ? "Campaign updated and sent back to review" : "Campaign updated"),
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
