import { Button, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { CampaignCard } from "../../../components/campaign-card";
import { EmptyPanel } from "../../../components/empty-panel";
import { RejectDialog } from "../../../components/reject-dialog";
import { withFeedback } from "../../../lib/mutation-feedback";
import {
  AdminDashboardDocument,
  AdminPauseCampaignDocument,
  AdminResumeCampaignDocument,
  ApproveCampaignDocument,
  RejectCampaignDocument,
  type AdminCampaignFragment,
} from "../../../gql/graphql";
import { pendingFirst } from "../pending-first";

const refetch = { refetchQueries: [AdminDashboardDocument], awaitRefetchQueries: true };

export function CampaignManagementTab({ campaigns }: { campaigns: AdminCampaignFragment[] }) {
  const [approveCampaign] = useMutation(ApproveCampaignDocument, refetch);
  const [rejectCampaign] = useMutation(RejectCampaignDocument, refetch);
  const [pauseCampaign] = useMutation(AdminPauseCampaignDocument, refetch);
  const [resumeCampaign] = useMutation(AdminResumeCampaignDocument, refetch);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<AdminCampaignFragment | null>(null);

  const act = async (campaign: AdminCampaignFragment, run: () => Promise<unknown>, success: string, failure: string) => {
    setBusyId(campaign.id);
    await withFeedback(run, { success, failure, serverDetail: failure !== "Failed to approve campaign" });
    setBusyId(null);
  };

  const reject = (reason: string) =>
    withFeedback(() => rejectCampaign({ variables: { id: rejecting!.id, reason } }), {
      success: "Campaign rejected",
      failure: "Failed to reject campaign",
    });

  if (campaigns.length === 0) {
    return <EmptyPanel title="No campaigns yet" description="Advertisers' campaigns appear here for review." />;
  }

  const actionsFor = (c: AdminCampaignFragment) => {
    const variables = { variables: { id: c.id } };
    const busy = busyId === c.id;
    switch (c.status) {
      case "PENDING":
        return (
          <>
            <Button
              size="sm"
              colorPalette="green"
              loading={busy}
              onClick={() =>
                act(c, () => approveCampaign(variables), "Campaign approved successfully", "Failed to approve campaign")
              }
            >
              Approve
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRejecting(c)}>
              Reject
            </Button>
          </>
        );
      case "ACTIVE":
        return (
          <Button
            size="sm"
            variant="outline"
            loading={busy}
            onClick={() => act(c, () => pauseCampaign(variables), "Campaign paused", "Failed to pause campaign")}
          >
            Pause
          </Button>
        );
      case "PAUSED":
        return (
          <Button
            size="sm"
            variant="outline"
            colorPalette="green"
            loading={busy}
            onClick={() => act(c, () => resumeCampaign(variables), "Campaign resumed", "Failed to resume campaign")}
          >
            Resume
          </Button>
        );
      default:
        return undefined;
    }
  };

  return (
    <>
      <Stack gap="4">
        {pendingFirst(campaigns).map((c) => (
          <CampaignCard key={c.id} campaign={c} actions={actionsFor(c)} />
        ))}
      </Stack>
      <RejectDialog
        subject={rejecting ? `campaign "${rejecting.name}"` : null}
        onClose={() => setRejecting(null)}
        onReject={reject}
      />
    </>
  );
}
