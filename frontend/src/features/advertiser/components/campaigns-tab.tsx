import { Button, HStack, Heading, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { CampaignCard } from "../../../components/campaign-card";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatMoney } from "../../../components/format";
import { useFormOptions } from "../../../components/form/with-form-options";
import {
  AdvertiserDashboardDocument,
  PauseCampaignDocument,
  ResumeCampaignDocument,
  type AdvertiserCampaignFragment,
} from "../../../gql/graphql";
import { ConversionPixel } from "./conversion-pixel";
import { CreateCampaignDialog } from "./create-campaign-dialog";

export function CampaignsTab({ campaigns }: { campaigns: AdvertiserCampaignFragment[] }) {
  const [creating, setCreating] = useState(false);
  const openDialog = () => setCreating(true);
  const minBudget = useFormOptions().options?.minCampaignBudget;

  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading as="h2" size="lg">
          Campaigns
        </Heading>
        <Button colorPalette="brand" onClick={openDialog}>
          Create Campaign
        </Button>
      </HStack>
      {campaigns.length === 0 ? (
        <EmptyPanel
          title="No campaigns yet"
          description={`Create a campaign to start buying traffic.${minBudget === undefined ? "" : ` The minimum budget is ${formatMoney(minBudget, { cents: false })}.`}`}
          action={
            <Button colorPalette="brand" onClick={openDialog}>
              Create Your First Campaign
            </Button>
          }
        />
      ) : (
        <Stack gap="4">
          {campaigns.map((campaign) => (
            <CampaignCard
              key={campaign.id}
              campaign={campaign}
              actions={
                campaign.status === "ACTIVE" || campaign.status === "PAUSED" ? (
                  <PauseResume campaign={campaign} />
                ) : undefined
              }
            >
              <ConversionPixel campaignName={campaign.name} url={campaign.conversionPixelUrl} />
            </CampaignCard>
          ))}
        </Stack>
      )}
      <CreateCampaignDialog open={creating} onOpenChange={setCreating} />
    </Stack>
  );
}

function PauseResume({ campaign }: { campaign: AdvertiserCampaignFragment }) {
  const options = { refetchQueries: [AdvertiserDashboardDocument], awaitRefetchQueries: true };
  const [pause, pausing] = useMutation(PauseCampaignDocument, options);
  const [resume, resuming] = useMutation(ResumeCampaignDocument, options);

  const run = async (action: typeof pause | typeof resume, done: string, failed: string) => {
    await withFeedback<unknown>(() => action({ variables: { id: campaign.id } }), { success: done, failure: failed });
  };

  if (campaign.status === "ACTIVE") {
    return (
      <Button
        size="sm"
        variant="outline"
        loading={pausing.loading}
        onClick={() => run(pause, "Campaign paused", "Failed to pause campaign")}
        aria-label={`Pause ${campaign.name}`}
      >
        Pause
      </Button>
    );
  }
  if (campaign.status === "PAUSED") {
    return (
      <Button
        size="sm"
        variant="outline"
        colorPalette="green"
        loading={resuming.loading}
        onClick={() => run(resume, "Campaign resumed", "Failed to resume campaign")}
        aria-label={`Resume ${campaign.name}`}
      >
        Resume
      </Button>
    );
  }
  return null;
}
