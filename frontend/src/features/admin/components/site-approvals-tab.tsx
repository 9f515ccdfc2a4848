import { Button, SimpleGrid } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatDate } from "../../../components/format";
import { RejectDialog } from "../../../components/reject-dialog";
import { withFeedback } from "../../../lib/mutation-feedback";
import { SiteCard } from "../../../components/site-card";
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
    await withFeedback(() => approveSite({ variables: { id: site.id } }), {
      success: "Site approved successfully",
      failure: "Failed to approve site",
      serverDetail: false,
    });
    setBusyId(null);
  };

  const reject = (reason: string) =>
    withFeedback(() => rejectSite({ variables: { id: rejecting!.id, reason } }), {
      success: "Site rejected",
      failure: "Failed to reject site",
    });

  if (sites.length === 0) return <EmptyPanel title="No sites yet" description="Publishers' sites appear here for review." />;

  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {pendingFirst(sites).map((site) => (
          <SiteCard
            key={site.id}
            site={site}
            figure={{ label: "Submitted", value: formatDate(site.createdAt) }}
            actions={
              site.status === "PENDING" && (
                <>
                  <Button size="sm" colorPalette="green" loading={busyId === site.id} onClick={() => approve(site)}>
                    Approve
                  </Button>
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRejecting(site)}>
                    Reject
                  </Button>
                </>
              )
            }
          />
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
