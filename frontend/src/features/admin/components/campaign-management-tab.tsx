import { Checkbox, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useLiveQuery } from "../../../lib/use-live-figures";
import { useState } from "react";
import { CampaignCard } from "../../campaigns/components/campaign-card";
import { CampaignHistoryDialog, WithHistoryButton } from "../../campaigns/components/campaign-history-dialog";
import { RejectDialog } from "../../review/components/reject-dialog";
import { useFormOptions } from "../../../components/form/with-form-options";
import { servedActions } from "../../../components/served-actions";
import { withFeedback } from "../../../lib/mutation-feedback";
import {
  AdminCampaignsDocument,
  AdminPauseCampaignDocument,
  AdminResumeCampaignDocument,
  ApproveCampaignDocument,
  RejectCampaignDocument,
  type AdminCampaignFragment,
  type CampaignStatus,
} from "../../../gql/graphql";
import { AdminListFrame, NEEDS_REVIEW, statusOptions, useAdminList } from "./admin-list";
import { countOnBadge, settleMovedRow, type ListOnScreen } from "./settle-moved-row";

/** "3 pending creatives", "1 creative". */
const creativesOf = (count: number, kind = "") => `${count} ${kind}creative${count === 1 ? "" : "s"}`;

const STATUSES = statusOptions<CampaignStatus>(["PENDING", "ACTIVE", "PAUSED", "COMPLETED", "REJECTED"]);

export function CampaignManagementTab() {
  const list = useAdminList<CampaignStatus>(NEEDS_REVIEW);
  // Archived campaigns leave the list unless asked for, and then come alone.
  const [archived, setArchived] = useState(false);
  const input = { ...list.input, status: list.status, ...(archived ? { archived } : {}) };
  // Cache-and-network: a row an admin moved must show under its new status when that page is opened again.
  const query = useLiveQuery(AdminCampaignsDocument, { variables: { input }, fetchPolicy: "cache-and-network" });
  const words = useFormOptions().options;
  const onScreen: ListOnScreen<typeof input> = { query: AdminCampaignsDocument, input, field: "campaigns", status: list.status, badge: { figure: "pendingCampaigns", status: "PENDING" } };
  const [approveCampaign] = useMutation(ApproveCampaignDocument);
  const [rejectCampaign] = useMutation(RejectCampaignDocument);
  const [pauseCampaign] = useMutation(AdminPauseCampaignDocument);
  const [resumeCampaign] = useMutation(AdminResumeCampaignDocument);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<AdminCampaignFragment | null>(null);
  const [historyOf, setHistoryOf] = useState<AdminCampaignFragment | null>(null);

  const act = async (campaign: AdminCampaignFragment, run: () => Promise<unknown>, success: string, failure: string) => {
    setBusyId(campaign.id);
    await withFeedback(run, { success, failure, serverDetail: failure !== "Failed to approve campaign" });
    setBusyId(null);
  };

  const reject = (reason: string) =>
    withFeedback(() => rejectCampaign({ variables: { id: rejecting!.id, reason }, update: (cache, { data }) => settleMovedRow(cache, onScreen, rejecting!, data?.rejectCampaign) }), {
      success: "Campaign rejected",
      failure: "Failed to reject campaign",
    });

  /** One action, one e-mail to the advertiser: the campaign and every creative of it waiting for review. */
  const approveWithCreatives = (c: AdminCampaignFragment) =>
    act(
      c,
      () =>
        approveCampaign({
          variables: { id: c.id, withPendingCreatives: true },
          update: (cache, { data }) => {
            settleMovedRow(cache, onScreen, c, data?.approveCampaign);
            if (data) countOnBadge(cache, "pendingCreatives", data.approveCampaign.creativeCounts.pending - c.creativeCounts.pending);
          },
        }),
      `Campaign and its ${creativesOf(c.creativeCounts.pending)} approved`,
      "Failed to approve the campaign and its creatives",
    );

  const actionsFor = (c: AdminCampaignFragment) => {
    const variables = { variables: { id: c.id } };
    const busy = busyId === c.id;
    const pending = c.creativeCounts.pending;
    const served = servedActions(c.nextActions, {
      APPROVE: [
        {
          label: "Approve",
          colorPalette: "green",
          loading: busy,
          onClick: () => act(c, () => approveCampaign({ ...variables, update: (cache, { data }) => settleMovedRow(cache, onScreen, c, data?.approveCampaign) }), "Campaign approved successfully", "Failed to approve campaign"),
        },
        ...(pending > 0 ? [{ label: `Approve campaign and its ${creativesOf(pending, "pending ")}`, colorPalette: "green", variant: "outline" as const, loading: busy, onClick: () => approveWithCreatives(c) }] : []),
      ],
      PAUSE: {
        label: "Pause",
        variant: "outline",
        loading: busy,
        onClick: () => act(c, () => pauseCampaign({ ...variables, update: (cache, { data }) => settleMovedRow(cache, onScreen, c, data?.pauseCampaign) }), "Campaign paused", "Failed to pause campaign"),
      },
      RESUME: {
        label: "Resume",
        variant: "outline",
        colorPalette: "green",
        loading: busy,
        onClick: () => act(c, () => resumeCampaign({ ...variables, update: (cache, { data }) => settleMovedRow(cache, onScreen, c, data?.resumeCampaign) }), "Campaign resumed", "Failed to resume campaign"),
      },
      REJECT: { label: "Reject", variant: "outline", colorPalette: "red", onClick: () => setRejecting(c) },
    });
    return <WithHistoryButton actions={served} campaignName={c.name} onOpen={() => setHistoryOf(c)} />;
  };

  return (
    <>
      <AdminListFrame
        list={list}
        noun="campaigns"
        searchPlaceholder="Campaign name"
        statuses={STATUSES}
        filters={
          <Checkbox.Root
            checked={archived}
            onCheckedChange={(e) => list.narrow(setArchived)(e.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Archived only</Checkbox.Label>
          </Checkbox.Root>
        }
        query={query}
        pageOf={(data) => data.campaigns}
        empty={{ title: "No campaigns waiting for review", description: "New campaigns appear here for review; pick All statuses to see the others." }}
      >
        {(campaigns) => (
          <Stack gap="4">
            {campaigns.map((c) => (
              <CampaignCard key={c.id} campaign={c} owner={c.owner} actions={actionsFor(c)} words={words} />
            ))}
          </Stack>
        )}
      </AdminListFrame>
      <CampaignHistoryDialog campaign={historyOf} onClose={() => setHistoryOf(null)} />
      <RejectDialog
        subject={rejecting ? `campaign "${rejecting.name}"` : null}
        onClose={() => setRejecting(null)}
        onReject={reject}
      />
    </>
  );
}
