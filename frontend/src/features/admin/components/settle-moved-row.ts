import type { ApolloCache, TypedDocumentNode } from "@apollo/client";
import { AdminDashboardDocument } from "../../../gql/graphql";

interface Row {
  id: number;
  status: string;
}

interface PageOfRows {
  items: readonly { id: number }[];
  totalCount: number;
}

/** An admin list as the tab shows it, and the dashboard figure its badge reads. */
export interface ListOnScreen<Input> {
  query: TypedDocumentNode<unknown, { input: Input }>;
  input: Input;
  /** The page's field in the answer, e.g. "sites". */
  field: string;
  /** The status the page lists; null when it lists every status. */
  status: string | null;
  badge: { figure: "pendingSites" | "pendingCampaigns" | "pendingCreatives" | "requestedPayouts"; status: string };
}

/**
 * What an admin's own action changes on screen, from the mutation's answer alone: the answer has
 * already updated the row in the normalized cache; here it leaves a page that lists another status,
 * and the tab's badge counts it no more (or now), so the badge and the list agree without asking
 * the server for either again. Other pages of the list are asked again when shown.
 */
export function settleMovedRow<Input>(cache: ApolloCache, list: ListOnScreen<Input>, before: Row, after: Row | null | undefined) {
  if (!after || after.status === before.status) return;
  if (list.status !== null && list.status !== after.status) {
    cache.updateQuery({ query: list.query, variables: { input: list.input } }, (data) => {
      const page = (data as Record<string, PageOfRows> | null)?.[list.field];
      if (!page?.items.some((item) => item.id === after.id)) return undefined;
      return { ...(data as object), [list.field]: { ...page, items: page.items.filter((item) => item.id !== after.id), totalCount: page.totalCount - 1 } };
    });
  }
  const { figure, status } = list.badge;
  countOnBadge(cache, figure, Number(after.status === status) - Number(before.status === status));
}

/** A badge's figure moved by `change`, as the admin's own action moved it: rows another tab lists, such as a campaign's creatives approved with it. */
export function countOnBadge(cache: ApolloCache, figure: ListOnScreen<unknown>["badge"]["figure"], change: number) {
  if (change === 0) return;
  cache.updateQuery({ query: AdminDashboardDocument }, (data) => data && { ...data, adminStats: { ...data.adminStats, [figure]: data.adminStats[figure] + change } });
}
