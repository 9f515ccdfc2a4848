import { Button, Link, SimpleGrid, Text } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { CreativeCard } from "../../../components/creative-card";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatDate } from "../../../components/format";
import { RejectDialog } from "../../../components/reject-dialog";
import { withFeedback } from "../../../lib/mutation-feedback";
import {
  AdminDashboardDocument,
  ApproveCreativeDocument,
  RejectCreativeDocument,
  type AdminCampaignFragment,
  type AdminCreativeFragment,
} from "../../../gql/graphql";

const refetch = { refetchQueries: [AdminDashboardDocument], awaitRefetchQueries: true };

interface CreativeReviewTabProps {
  creatives: AdminCreativeFragment[];
  campaigns: AdminCampaignFragment[];
}

export function CreativeReviewTab({ creatives, campaigns }: CreativeReviewTabProps) {
  const [approveCreative] = useMutation(ApproveCreativeDocument, refetch);
  const [rejectCreative] = useMutation(RejectCreativeDocument, refetch);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<AdminCreativeFragment | null>(null);
  const campaignName = new Map(campaigns.map((c) => [c.id, c.name]));

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

  if (creatives.length === 0) {
    return <EmptyPanel title="No creatives waiting for review" description="New and changed creatives appear here." />;
  }

  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {creatives.map((creative) => (
          <CreativeCard
            key={creative.id}
            creative={creative}
            subtitle={`${campaignName.get(creative.campaignId) ?? `Campaign #${creative.campaignId}`} · submitted ${formatDate(creative.createdAt)}`}
            actions={
              <>
                <Button size="sm" colorPalette="green" loading={busyId === creative.id} onClick={() => approve(creative)}>
                  Approve
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRejecting(creative)}>
                  Reject
                </Button>
              </>
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
      <RejectDialog
        subject={rejecting ? `creative "${rejecting.name}"` : null}
        onClose={() => setRejecting(null)}
        onReject={reject}
      />
    </>
  );
}
