import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";
import { CreateCampaignDocument } from "../../../gql/graphql";
import { prependToList } from "../../../lib/cache-updates";
import { CampaignForm } from "./campaign-form";
import { campaignInputOf, newCampaignValues } from "./campaign-values";

interface CreateCampaignDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CreateCampaignDialog({ open, onOpenChange }: CreateCampaignDialogProps) {
  const [createCampaign, { loading }] = useMutation(CreateCampaignDocument, {
    update: (cache, { data }) => prependToList(cache, "myCampaigns", data?.createCampaign),
  });

  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Create Campaign" description="New campaigns are reviewed before they go live." size="lg">
      <WithFormOptions role={"ADVERTISER"}>
        {(options) => (
          <CampaignForm
            options={options}
            initial={() => newCampaignValues(options)}
            label="Create campaign"
            submitLabel="Create Campaign"
            busyLabel="Creating"
            busy={loading}
            onSubmit={async (values) => {
              const outcome = await withFeedback(() => createCampaign({ variables: { input: campaignInputOf(values, options) } }), {
                success: "Campaign created and submitted for approval",
                failure: "Failed to create campaign",
              });
              if (outcome.ok) onOpenChange(false);
              return outcome;
            }}
          />
        )}
      </WithFormOptions>
    </AppDialog>
  );
}
