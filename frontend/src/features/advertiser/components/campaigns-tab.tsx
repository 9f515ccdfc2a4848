import { Button, Checkbox, HStack, Heading, Stack } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { useState, type ReactNode } from "react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { dropCreatives, fileCampaign } from "../../../lib/cache-updates";
import { CampaignCard } from "../../campaigns/components/campaign-card";
import { CampaignHistoryDialog, WithHistoryButton } from "../../campaigns/components/campaign-history-dialog";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatMoney } from "../../../components/format";
import { useFormOptions } from "../../../components/form/with-form-options";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import {
  AdvertiserDashboardDocument,
  ArchiveCampaignDocument,
  ArchivedCampaignsDocument,
  DuplicateCampaignDocument,
  PauseCampaignDocument,
  ResumeCampaignDocument,
  UnarchiveCampaignDocument,
  type AdvertiserCampaignFragment,
} from "../../../gql/graphql";
import { servedActions } from "../../../components/served-actions";
import { LoadedFundsNotices } from "../../funds/components/funds-notices";
import { ConversionPixel } from "./conversion-pixel";
import { OptimisationPanel } from "./optimisation-panel";
import { CreateCampaignDialog } from "./create-campaign-dialog";
import { DuplicateCampaignDialog } from "./duplicate-campaign-dialog";
import { EditCampaignDialog } from "./edit-campaign-dialog";

export function CampaignsTab({ campaigns }: { campaigns: AdvertiserCampaignFragment[] }) {
  const [creating, setCreating] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const openDialog = () => setCreating(true);
  const minBudget = useFormOptions().options?.minCampaignBudget;
  const actions = useCampaignActions();

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">
          Campaigns
        </Heading>
        <HStack gap="4">
          {/* A checkbox rather than Chakra's Switch, whose recipe the app's trimmed theme does not carry. */}
          <Checkbox.Root checked={showArchived} onCheckedChange={(e) => setShowArchived(e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Show archived</Checkbox.Label>
          </Checkbox.Root>
          <Button colorPalette="brand" onClick={openDialog}>
            Create Campaign
          </Button>
        </HStack>
      </HStack>
      {campaigns.length > 0 && <LoadedFundsNotices />}
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
        <CampaignCards campaigns={campaigns} actions={actions.of} />
      )}
      {showArchived && <ArchivedCampaigns actions={actions.of} />}
      <CreateCampaignDialog open={creating} onOpenChange={setCreating} />
      <EditCampaignDialog campaign={actions.editing} onClose={() => actions.setEditing(null)} />
      <CampaignHistoryDialog campaign={actions.historyOf} onClose={() => actions.setHistoryOf(null)} />
      <DuplicateCampaignDialog campaign={actions.duplicating} onClose={() => actions.setDuplicating(null)} onDuplicate={actions.duplicateNow} />
    </Stack>
  );
}

type ActionsOf = (campaign: AdvertiserCampaignFragment) => ReactNode;

function CampaignCards({ campaigns, actions }: { campaigns: AdvertiserCampaignFragment[]; actions: ActionsOf }) {
  const words = useFormOptions().options;
  return (
    <Stack gap="4">
      {campaigns.map((campaign) => (
        <CampaignCard key={campaign.id} campaign={campaign} actions={actions(campaign)} words={words}>
          <ConversionPixel campaignName={campaign.name} url={campaign.conversionPixelUrl} />
          {campaign.bidStrategy !== "FIXED" && <OptimisationPanel campaignId={campaign.id} campaignName={campaign.name} />}
        </CampaignCard>
      ))}
    </Stack>
  );
}

function ArchivedCampaigns({ actions }: { actions: ActionsOf }) {
  const query = useQuery(ArchivedCampaignsDocument, { fetchPolicy: "cache-and-network" });
  const archived = query.data?.myCampaigns;
  return (
    <Stack gap="4" as="section" aria-label="Archived campaigns">
      <Heading as="h3" size="md">
        Archived
      </Heading>
      <QueryPanel {...loadStateOf(query)} failureMessage="Failed to load archived campaigns" loadingLabel="Loading archived campaigns">
        {archived && archived.length === 0 && <EmptyPanel title="No archived campaigns" description="Campaigns you archive are kept here, with their figures." />}
        {archived && archived.length > 0 && <CampaignCards campaigns={archived} actions={actions} />}
      </QueryPanel>
    </Stack>
  );
}

/** The buttons the server serves for each campaign, and History; each answer updates the card, or its list, in place. */
function useCampaignActions() {
  const [pause] = useMutation(PauseCampaignDocument);
  const [resume] = useMutation(ResumeCampaignDocument);
  // A copy's creatives, and an unarchived campaign's, join the Creatives tab: the dashboard is asked again for them.
  const creativesCome = { refetchQueries: [{ query: AdvertiserDashboardDocument }] };
  const [duplicate] = useMutation(DuplicateCampaignDocument, { update: (cache, { data }) => fileCampaign(cache, data?.duplicateCampaign), ...creativesCome });
  const [archive] = useMutation(ArchiveCampaignDocument, {
    update: (cache, { data }) => {
      fileCampaign(cache, data?.archiveCampaign);
      // Its creatives leave the Creatives tab with it, at once.
      if (data) dropCreatives(cache, { campaignId: data.archiveCampaign.id });
    },
  });
  const [unarchive] = useMutation(UnarchiveCampaignDocument, { update: (cache, { data }) => fileCampaign(cache, data?.unarchiveCampaign), ...creativesCome });
  const [busyId, setBusyId] = useState<number | null>(null);
  const [editing, setEditing] = useState<AdvertiserCampaignFragment | null>(null);
  const [historyOf, setHistoryOf] = useState<AdvertiserCampaignFragment | null>(null);
  const [duplicating, setDuplicating] = useState<AdvertiserCampaignFragment | null>(null);

  const duplicateNow = (campaign: AdvertiserCampaignFragment) =>
    withFeedback(() => duplicate({ variables: { id: campaign.id } }), { success: "Copy created and submitted for approval", failure: "Failed to duplicate campaign" });

  const run = async (campaign: AdvertiserCampaignFragment, action: () => Promise<unknown>, success: string, failure: string) => {
    setBusyId(campaign.id);
    await withFeedback(action, { success, failure });
    setBusyId(null);
  };

  const of = (campaign: AdvertiserCampaignFragment) => {
    const variables = { variables: { id: campaign.id } };
    const common = { variant: "outline", loading: busyId === campaign.id } as const;
    const named = (verb: string) => ({ ...common, label: verb, "aria-label": `${verb} ${campaign.name}` });
    const served = servedActions(campaign.nextActions, {
      EDIT: { ...named("Edit"), onClick: () => setEditing(campaign) },
      PAUSE: { ...named("Pause"), onClick: () => run(campaign, () => pause(variables), "Campaign paused", "Failed to pause campaign") },
      RESUME: { ...named("Resume"), colorPalette: "green", onClick: () => run(campaign, () => resume(variables), "Campaign resumed", "Failed to resume campaign") },
      DUPLICATE: { ...named("Duplicate"), onClick: () => setDuplicating(campaign) },
      ARCHIVE: { ...named("Archive"), onClick: () => run(campaign, () => archive(variables), "Campaign archived", "Failed to archive campaign") },
      UNARCHIVE: { ...named("Unarchive"), onClick: () => run(campaign, () => unarchive(variables), "Campaign unarchived", "Failed to unarchive campaign") },
    });
    return <WithHistoryButton actions={served} campaignName={campaign.name} onOpen={() => setHistoryOf(campaign)} />;
  };

  return { of, editing, setEditing, historyOf, setHistoryOf, duplicating, setDuplicating, duplicateNow };
}
