import { Button, Link, SimpleGrid, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { useState } from "react";
import { CreativeCard } from "../../../components/creative-card";
import { formatDate } from "../../../components/format";
import { RejectDialog } from "../../../components/reject-dialog";
import { withFeedback } from "../../../lib/mutation-feedback";
import {
  AdminCreativesDocument,
  AdminDashboardDocument,
  ApproveCreativeDocument,
  RejectCreativeDocument,
  type AdminCreativeFragment,
  type CreativeStatus,
} from "../../../gql/graphql";
import { AdminListFrame, statusOptions, useAdminList } from "./admin-list";

const refetch = { refetchQueries: [AdminDashboardDocument, AdminCreativesDocument], awaitRefetchQueries: true };
const STATUSES = statusOptions<CreativeStatus>(["PENDING", "APPROVED", "REJECTED"]);

export function CreativeReviewTab() {
  // Creatives waiting for review first: they are this tab's work.
  const list = useAdminList<CreativeStatus>("PENDING");
  const query = useQuery(AdminCreativesDocument, { variables: { input: { ...list.input, status: list.status } } });
  const [approveCreative] = useMutation(ApproveCreativeDocument, refetch);
  const [rejectCreative] = useMutation(RejectCreativeDocument, refetch);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<AdminCreativeFragment | null>(null);

  const approve = async (creative: AdminCreativeFragment) => {
    setBusyId(creative.id);
    await withFeedback(() => approveCreative({ variables: { id: creative.id } }), {
      success: "Creative approved successfully",
      failure: "Failed to approve creative",
    });
    setBusyId(null);
  };

  const reject = (reason: string) =>
    withFeedback(() => rejectCreative({ variables: { id: rejecting!.id, reason } }), {
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
        failureMessage="Failed to load creatives"
        empty={{ title: "No creatives waiting for review", description: "New and changed creatives appear here." }}
      >
        {(data) => (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {data.creatives.items.map((creative) => (
              <CreativeCard
                key={creative.id}
                creative={creative}
                owner={creative.owner}
                subtitle={`${creative.campaignName} · submitted ${formatDate(creative.createdAt)}`}
                actions={
                  creative.status === "PENDING" && (
                    <>
                      <Button size="sm" colorPalette="green" loading={busyId === creative.id} onClick={() => approve(creative)}>
                        Approve
                      </Button>
                      <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRejecting(creative)}>
                        Reject
                      </Button>
                    </>
                  )
                }
              >
                <Link href={creative.contentUrl} target="_blank" rel="noopener noreferrer" colorPalette="brand">
                  Preview creative
                </Link>
                {creative.clickUrl && (
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                    Landing page: {creative.clickUrl}
                  </Text>
                )}
              </CreativeCard>
            ))}
          </SimpleGrid>
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
