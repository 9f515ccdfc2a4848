import { Button, Card, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { EmptyPanel } from "../../../components/empty-panel";
import { Figure } from "../../../components/figure";
import { formatDate } from "../../../components/format";
import { RejectDialog } from "../../../components/reject-dialog";
import { RejectionNote } from "../../../components/rejection-note";
import { runAction } from "../../../components/run-action";
import { StatusBadge } from "../../../components/ui/status-badge";
import { AdminDashboardDocument, ApproveSiteDocument, RejectSiteDocument, type AdminSiteFragment } from "../../../gql/graphql";
import { pendingFirst } from "../pending-first";

const refetch = { refetchQueries: [AdminDashboardDocument], awaitRefetchQueries: true };

export function SiteApprovalsTab({ sites }: { sites: AdminSiteFragment[] }) {
  const [approveSite] = useMutation(ApproveSiteDocument, refetch);
  const [rejectSite] = useMutation(RejectSiteDocument, refetch);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<AdminSiteFragment | null>(null);

  const approve = async (site: AdminSiteFragment) => {
    setBusyId(site.id);
    await runAction(() => approveSite({ variables: { id: site.id } }), {
      success: "Site approved successfully",
      failure: "Failed to approve site",
    });
    setBusyId(null);
  };

  const reject = (reason: string) =>
    runAction(() => rejectSite({ variables: { id: rejecting!.id, reason } }), {
      success: "Site rejected",
      failure: "Failed to reject site",
      serverDetail: true,
    });

  if (sites.length === 0) return <EmptyPanel title="No sites yet" description="Publishers' sites appear here for review." />;

  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {pendingFirst(sites).map((site) => (
          <Card.Root as="article" key={site.id} aria-label={site.name}>
            <Card.Header>
              <HStack justify="space-between" align="flex-start">
                <Stack gap="0" minW="0">
                  <Card.Title>{site.name}</Card.Title>
                  <Text color="fg.muted" fontSize="sm">
                    {site.domain}
                  </Text>
                </Stack>
                <StatusBadge status={site.status} />
              </HStack>
            </Card.Header>
            <Card.Body gap="3">
              <Text>{site.description}</Text>
              <HStack gap="8">
                <Figure label="Category">
                  <Text as="span" textTransform="capitalize">
                    {site.category}
                  </Text>
                </Figure>
                <Figure label="Submitted">{formatDate(site.createdAt)}</Figure>
              </HStack>
              {site.status === "REJECTED" && <RejectionNote reason={site.rejectionReason} />}
            </Card.Body>
            {site.status === "PENDING" && (
              <Card.Footer gap="2">
                <Button size="sm" colorPalette="green" loading={busyId === site.id} onClick={() => approve(site)}>
                  Approve
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRejecting(site)}>
                  Reject
                </Button>
              </Card.Footer>
            )}
          </Card.Root>
        ))}
      </SimpleGrid>
      <RejectDialog
        subject={rejecting ? `site "${rejecting.name}"` : null}
        onClose={() => setRejecting(null)}
        onReject={reject}
      />
    </>
  );
}
