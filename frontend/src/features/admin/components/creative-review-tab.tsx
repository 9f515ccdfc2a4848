import { Button, Link, SimpleGrid, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useLiveQuery } from "../../../lib/use-live-figures";
import { useState } from "react";
import { CreativeCard } from "../../creatives/components/creative-card";
import { formatDate } from "../../../components/format";
import { RejectDialog } from "../../review/components/reject-dialog";
import { servedActions } from "../../../components/served-actions";
import { withFeedback } from "../../../lib/mutation-feedback";
import {
  AdminCreativesDocument,
  ApproveCreativeDocument,
  ApproveCreativesDocument,
  RejectCreativeDocument,
  type AdminCreativeFragment,
  type CreativeStatus,
} from "../../../gql/graphql";
import { AdminListFrame, NEEDS_REVIEW, statusOptions, useAdminList } from "./admin-list";
import { settleMovedRow, type ListOnScreen } from "./settle-moved-row";

const STATUSES = statusOptions<CreativeStatus>(["PENDING", "APPROVED", "REJECTED"]);

/** One action for the page's creatives the server lets an admin approve, shown when there are two or more. */
function ApproveAllButton({ creatives, loading, onApprove }: { creatives: readonly AdminCreativeFragment[]; loading: boolean; onApprove: (creatives: AdminCreativeFragment[]) => void }) {
  const approvable = creatives.filter((creative) => creative.nextActions.includes("APPROVE"));
  if (approvable.length < 2) return null;
  return (
    <Button alignSelf="flex-start" size="sm" colorPalette="green" variant="outline" loading={loading} onClick={() => onApprove(approvable)}>
      Approve all {approvable.length} shown
    </Button>
  );
}

export function CreativeReviewTab() {
  const list = useAdminList<CreativeStatus>(NEEDS_REVIEW);
  const input = { ...list.input, status: list.status };
  // Cache-and-network: a row an admin moved must show under its new status when that page is opened again.
  const query = useLiveQuery(AdminCreativesDocument, { variables: { input }, fetchPolicy: "cache-and-network" });
  const onScreen: ListOnScreen<typeof input> = { query: AdminCreativesDocument, input, field: "creatives", status: list.status, badge: { figure: "pendingCreatives", status: "PENDING" } };
  const [approveCreative] = useMutation(ApproveCreativeDocument);
  const [approveCreatives, { loading: approvingAll }] = useMutation(ApproveCreativesDocument);
  const [rejectCreative] = useMutation(RejectCreativeDocument);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<AdminCreativeFragment | null>(null);

  const approve = async (creative: AdminCreativeFragment) => {
    setBusyId(creative.id);
    await withFeedback(() => approveCreative({ variables: { id: creative.id }, update: (cache, { data }) => settleMovedRow(cache, onScreen, creative, data?.approveCreative) }), {
      success: "Creative approved successfully",
      failure: "Failed to approve creative",
    });
    setBusyId(null);
  };

  /** The page's approvable creatives in one action: their advertisers get one e-mail per campaign, not one per creative. */
  const approveAll = (creatives: readonly AdminCreativeFragment[]) =>
    withFeedback(
      () =>
        approveCreatives({
          variables: { ids: creatives.map((creative) => creative.id) },
          update: (cache, { data }) => data?.approveCreatives.forEach((after) => settleMovedRow(cache, onScreen, creatives.find((creative) => creative.id === after.id)!, after)),
        }),
      { success: `${creatives.length} creatives approved`, failure: "Failed to approve the creatives" },
    );

  const reject = (reason: string) =>
    withFeedback(() => rejectCreative({ variables: { id: rejecting!.id, reason }, update: (cache, { data }) => settleMovedRow(cache, onScreen, rejecting!, data?.rejectCreative) }), {
      success: "Creative rejected",
      failure: "Failed to reject creative",
    });

  return (
    <>
      <AdminListFrame
        list={list}
        noun="creatives"
        searchPlaceholder="Creative or campaign name"
        statuses={STATUSES}
        query={query}
        pageOf={(data) => data.creatives}
        empty={{ title: "No creatives waiting for review", description: "New and changed creatives appear here." }}
      >
        {(creatives) => (
          <Stack gap="4">
          <ApproveAllButton creatives={creatives} loading={approvingAll} onApprove={approveAll} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {creatives.map((creative) => (
              <CreativeCard
                key={creative.id}
                creative={creative}
                owner={creative.owner}
                subtitle={`${creative.campaignName} · submitted ${formatDate(creative.createdAt)}`}
                actions={servedActions(creative.nextActions, {
                  APPROVE: { label: "Approve", colorPalette: "green", loading: busyId === creative.id, onClick: () => approve(creative) },
                  REJECT: { label: "Reject", variant: "outline", colorPalette: "red", onClick: () => setRejecting(creative) },
                })}
              >
                <Link href={creative.contentUrl} target="_blank" rel="noopener noreferrer" colorPalette="brand" fontSize="sm">
                  Open the creative at full size
                </Link>
              </CreativeCard>
            ))}
          </SimpleGrid>
          </Stack>
        )}
      </AdminListFrame>
      <RejectDialog
        subject={rejecting ? `creative "${rejecting.name}"` : null}
        onClose={() => setRejecting(null)}
        onReject={reject}
      />
    </>
  );
}
