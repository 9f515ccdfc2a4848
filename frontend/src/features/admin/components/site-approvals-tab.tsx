import { Button, SimpleGrid } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { useState } from "react";
import { formatDate } from "../../../components/format";
import { RejectDialog } from "../../../components/reject-dialog";
import { withFeedback } from "../../../lib/mutation-feedback";
import { SiteCard } from "../../../components/site-card";
import {
  AdminDashboardDocument,
  AdminSitesDocument,
  ApproveSiteDocument,
  RejectSiteDocument,
  type AdminSiteFragment,
  type SiteStatus,
} from "../../../gql/graphql";
import { AdminListFrame, statusOptions, useAdminList } from "./admin-list";

const refetch = { refetchQueries: [AdminDashboardDocument, AdminSitesDocument], awaitRefetchQueries: true };
const STATUSES = statusOptions<SiteStatus>(["PENDING", "APPROVED", "REJECTED"]);

export function SiteApprovalsTab() {
  const list = useAdminList<SiteStatus>();
  const query = useQuery(AdminSitesDocument, { variables: { input: { ...list.input, status: list.status } } });
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

  return (
    <>
      <AdminListFrame
        list={list}
        noun="sites"
        searchPlaceholder="Name or domain"
        statuses={STATUSES}
        query={query}
        pageOf={(data) => data.sites}
        failureMessage="Failed to load sites"
        empty={{ title: "No sites yet", description: "Publishers' sites appear here for review." }}
      >
        {(data) => (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {data.sites.items.map((site) => (
              <SiteCard
                key={site.id}
                site={site}
                owner={site.owner}
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
        )}
      </AdminListFrame>
      <RejectDialog
        subject={rejecting ? `site "${rejecting.name}"` : null}
        onClose={() => setRejecting(null)}
        onReject={reject}
      />
    </>
  );
}
