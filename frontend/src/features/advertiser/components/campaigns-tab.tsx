import { Button, HStack, Heading, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { CampaignCard } from "../../../components/campaign-card";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatMoney } from "../../../components/format";
import { useFormOptions } from "../../../components/form/with-form-options";
import { PauseCampaignDocument, ResumeCampaignDocument, type AdvertiserCampaignFragment } from "../../../gql/graphql";
import { servedActions } from "../../../components/served-actions";
import { ConversionPixel } from "./conversion-pixel";
import { CreateCampaignDialog } from "./create-campaign-dialog";

export function CampaignsTab({ campaigns }: { campaigns: AdvertiserCampaignFragment[] }) {
  const [creating, setCreating] = useState(false);
  const openDialog = () => setCreating(true);
  const minBudget = useFormOptions().options?.minCampaignBudget;
  const actionsFor = useCampaignActions();

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
              actions={actionsFor(campaign)}
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

/** Pause and Resume, as the server serves them for each campaign; the answer updates the card in place. */
function useCampaignActions() {
  const [pause] = useMutation(PauseCampaignDocument);
  const [resume] = useMutation(ResumeCampaignDocument);
  const [busyId, setBusyId] = useState<number | null>(null);

  const run = async (campaign: AdvertiserCampaignFragment, action: () => Promise<unknown>, success: string, failure: string) => {
    setBusyId(campaign.id);
    await withFeedback(action, { success, failure });
    setBusyId(null);
  };

  return (campaign: AdvertiserCampaignFragment) => {
    const variables = { variables: { id: campaign.id } };
    const common = { variant: "outline", loading: busyId === campaign.id } as const;
    return servedActions(campaign.nextActions, {
      PAUSE: { ...common, label: "Pause", "aria-label": `Pause ${campaign.name}`, onClick: () => run(campaign, () => pause(variables), "Campaign paused", "Failed to pause campaign") },
      RESUME: {
        ...common,
        colorPalette: "green",
        label: "Resume",
        "aria-label": `Resume ${campaign.name}`,
        onClick: () => run(campaign, () => resume(variables), "Campaign resumed", "Failed to resume campaign"),
      },
    });
  };
}
