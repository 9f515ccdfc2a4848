import {
  MeDocument,
  PublisherDashboardDocument,
  type PublisherAdZoneFragment,
  type PublisherBalanceFragment,
  type PublisherDashboardQuery,
  type PublisherSiteFragment,
} from "../gql/graphql";
import { adminSite } from "./admin-fixtures";

/** The signed-in publisher and their dashboard, as the server answers them, for tests to vary. */
export const me = {
  request: { query: MeDocument },
  result: {
    data: { me: { __typename: "User" as const, id: 1, email: "pat@example.com", fullName: "Pat Lee", role: "PUBLISHER" as const } },
  },
};

/** The site the admins' fixtures review, as its publisher sees it. */
export function site(over: Partial<PublisherSiteFragment> = {}): PublisherSiteFragment {
  const { owner: _owner, publisherId: _publisherId, ...seen } = adminSite();
  return { ...seen, monthlyImpressions: 12500, blockedCategories: [], blockedDomains: [], adsTxtLine: "ads.adnet.test, 1, DIRECT", ...over, acceptsZones: over.acceptsZones ?? (over.status ?? seen.status) === "APPROVED" };
}

export const dashboard = (over: Partial<PublisherDashboardQuery> = {}) => ({
  request: { query: PublisherDashboardDocument },
  result: {
    data: {
      publisherStats: {
        __typename: "PublisherStats" as const,
        impressions: 154000,
        clicks: 2310,
        ctr: 1.5,
        revenue: 42.5,
        fillRate: 95.25,
        monthOverMonth: { __typename: "PublisherStatsChange" as const, impressions: 12.5, clicks: -3.1, ctr: 0.25, revenue: null, fillRate: 0 },
      },
      mySites: [],
      myAdZones: [],
      myBalance: balanceOf({ earned: 42.5, payable: 42.5 }),
      myPayoutMethod: null,
      myPayouts: [],
      ...over,
    } satisfies PublisherDashboardQuery,
  },
});

export function balanceOf(over: Partial<PublisherBalanceFragment> = {}): PublisherBalanceFragment {
  return {
    __typename: "PublisherBalance",
    earned: 0,
    pending: 0,
    payable: 0,
    requested: 0,
    paid: 0,
    minimumPayout: 100,
    nextPayableAt: null,
    nextPayable: 0,
    hasPayoutMethod: false,
    canRequestPayout: false,
    ...over,
  };
}

export const zone = (over: Partial<PublisherAdZoneFragment> = {}): PublisherAdZoneFragment => ({
  __typename: "AdZone",
  id: 5,
  siteId: 10,
  siteName: "Tech Daily",
  name: "Top banner",
  width: 728,
  height: 90,
  format: "banner",
  position: "header",
  floor: 0,
  presentation: "inline",
  nativeTemplate: null,
  adCount: 1,
  layout: "grid",
  houseItems: [],
  podSize: 2,
  breakSeconds: 30,
  midrollOffsets: [],
  shows: "Banner in the page",
  adTag: '<script async src="https://ads.example.net/ads.js"></script>',
  vastUrl: null,
  vmapUrl: null,
  monthlyImpressions: 0,
  monthlyClicks: 0,
  monthlyRevenue: 0,
  monthlyFillRate: 0,
  ...over,
});
