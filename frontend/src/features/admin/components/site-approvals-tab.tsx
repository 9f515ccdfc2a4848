import { SimpleGrid } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useLiveQuery } from "../../../lib/use-live-figures";
import { useState } from "react";
import { formatDate } from "../../../components/format";
import { RejectDialog } from "../../review/components/reject-dialog";
import { servedActions } from "../../../components/served-actions";
import { withFeedback } from "../../../lib/mutation-feedback";
import { SiteCard } from "../../sites/components/site-card";
import { AdsTxtStatusNote } from "../../ads-txt/components/ads-txt-status";
import {
  AdminSitesDocument,
  ApproveSiteDocument,
  RejectSiteDocument,
  type AdminSiteFragment,
  type SiteStatus,
} from "../../../gql/graphql";
import { AdminListFrame, NEEDS_REVIEW, statusOptions, useAdminList } from "./admin-list";
import { settleMovedRow, type ListOnScreen } from "./settle-moved-row";

const STATUSES = statusOptions<SiteStatus>(["PENDING", "APPROVED", "REJECTED"]);

export function SiteApprovalsTab() {
  const list = useAdminList<SiteStatus>(NEEDS_REVIEW);
  const input = { ...list.input, status: list.status };
  // Cache-and-network: a row an admin moved must show under its new status when that page is opened again.
  const query = useLiveQuery(AdminSitesDocument, { variables: { input }, fetchPolicy: "cache-and-network" });
  const onScreen: ListOnScreen<typeof input> = { query: AdminSitesDocument, input, field: "sites", status: list.status, badge: { figure: "pendingSites", status: "PENDING" } };
  const [approveSite] = useMutation(ApproveSiteDocument);
  const [rejectSite] = useMutation(RejectSiteDocument);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<AdminSiteFragment | null>(null);

  const approve = async (site: AdminSiteFragment) => {
    setBusyId(site.id);
    await withFeedback(() => approveSite({ variables: { id: site.id }, update: (cache, { data }) => settleMovedRow(cache, onScreen, site, data?.approveSite) }), {
      success: "Site approved successfully",
      failure: "Failed to approve site",
      serverDetail: false,
    });
    setBusyId(null);
  };

  const reject = (reason: string) =>
    withFeedback(() => rejectSite({ variables: { id: rejecting!.id, reason }, update: (cache, { data }) => settleMovedRow(cache, onScreen, rejecting!, data?.rejectSite) }), {
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
        empty={{ title: "No sites waiting for review", description: "New sites appear here for review; pick All statuses to see the others." }}
      >
        {(sites) => (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {sites.map((site) => (
              <SiteCard
                key={site.id}
                site={site}
                owner={site.owner}
                figure={{ label: "Submitted", value: formatDate(site.createdAt) }}
                details={<AdsTxtStatusNote site={site} siteName={site.name} />}
                actions={servedActions(site.nextActions, {
                  APPROVE: { label: "Approve", colorPalette: "green", loading: busyId === site.id, onClick: () => approve(site) },
                  REJECT: { label: "Reject", variant: "outline", colorPalette: "red", onClick: () => setRejecting(site) },
                })}
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
