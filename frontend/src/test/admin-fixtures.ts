import type { DocumentNode } from "graphql";
import type { AdminCampaignFragment, AdminCreativeFragment, AdminPayoutFragment, AdminSiteFragment } from "../gql/graphql";

/** What the admins' lists hold, as the server answers them, for tests to vary. */
export const jane = { __typename: "AccountSummary" as const, id: 1, fullName: "Jane Doe", email: "jane@example.com" };
export const ada = { __typename: "AccountSummary" as const, id: 2, fullName: "Ada Ads", email: "ada@example.com" };

export const adminSite = (over: Partial<AdminSiteFragment> = {}): AdminSiteFragment => ({
  __typename: "Site",
  id: 10,
  publisherId: jane.id,
  owner: jane,
  name: "Tech Daily",
  domain: "techdaily.example.com",
  category: "technology",
  description: "Gadget news",
  status: "PENDING",
  nextActions: ["APPROVE", "REJECT"],
  rejectionReason: null,
  adsTxtStatus: null,
  adsTxtCheckedAt: null,
  adsTxtReason: null,
  adsTxtAdvice: null,
  createdAt: "2025-01-05T10:00:00.000Z",
  ...over,
});

type TargetingAnswer = NonNullable<AdminCampaignFragment["targeting"]>;

/** A campaign's targeting as the server answers it: every rule, null where the campaign leaves it open. */
export const targetingAnswer = (rules: Partial<TargetingAnswer> = {}): TargetingAnswer => ({
  __typename: "Targeting",
  devices: null,
  operatingSystems: null,
  browsers: null,
  languages: null,
  siteCategories: null,
  sites: null,
  zones: null,
  dayParting: null,
  keywords: null,
  ...rules,
});

export const adminCampaign = (over: Partial<AdminCampaignFragment> = {}): AdminCampaignFragment => ({
  __typename: "Campaign",
  id: 20,
  advertiserId: ada.id,
  owner: ada,
  name: "Spring Sale",
  budget: 1000,
  pricingModel: "CPM",
  bid: 3.5,
  dailyCap: null,
  pacing: "EVEN",
  rotation: "EVEN",
  category: "general",
  archived: false,
  status: "PENDING",
  rejectionReason: null,
  impressions: 0,
  clicks: 0,
  ctr: 0,
  spend: 0,
  targetCountries: [],
  startDate: "2025-03-01",
  endDate: "2025-03-31",
  createdAt: "2025-02-20T08:00:00.000Z",
  deliveryIssue: null,
  nextActions: ["APPROVE", "REJECT"],
  frequencyCaps: [],
  targeting: targetingAnswer(),
  targetNames: [],
  creativeCounts: { __typename: "CampaignCreativeCounts", pending: 1, approved: 0, rejected: 0 },
  ...over,
});

export const adminCreative = (over: Partial<AdminCreativeFragment> = {}): AdminCreativeFragment => ({
  __typename: "Creative",
  id: 30,
  campaignId: 20,
  campaignName: "Spring Sale",
  owner: ada,
  name: "Spring banner",
  type: "image",
  typeLabel: "Image",
  width: 728,
  height: 90,
  status: "PENDING",
  nextActions: ["APPROVE", "REJECT"],
  contentUrl: "https://cdn.example.com/banner.png",
  clickUrl: null,
  durationSeconds: null,
  createdAt: "2025-02-21T08:00:00.000Z",
  ...over,
});

export const adminPayout = (over: Partial<AdminPayoutFragment> = {}): AdminPayoutFragment => ({
  __typename: "Payout",
  id: 31,
  publisherId: jane.id,
  owner: jane,
  amount: 123.45,
  status: "REQUESTED",
  nextActions: ["MARK_PAID"],
  createdAt: "2025-04-01T10:00:00.000Z",
  paidAt: null,
  method: { __typename: "PayoutMethod", type: "PAYPAL", label: "PayPal", masked: "j***@example.com" },
  paidMethod: null,
  paidReference: null,
  ...over,
});

/** The first page of an admin list as its tab first asks for it, with the tab's status where its rows have one. */
export const firstPage = (over: { search?: string | null; status?: string | null; offset?: number } = {}) => ({ search: null, offset: 0, limit: 20, ...over });

const PAGE_TYPES = {
  sites: "SitePage",
  campaigns: "CampaignPage",
  creatives: "CreativePage",
  payouts: "PayoutPage",
  publishers: "PublisherPage",
  contactMessages: "ContactMessagePage",
  statements: "StatementPage",
  users: "ManagedUserPage",
  auditLog: "AuditPage",
  depositRequests: "DepositRequestPage",
} as const;

/** A mocked answer to an admin list query: `field` holds the page of `items` out of `totalCount`. */
export const listMock = (query: DocumentNode, field: keyof typeof PAGE_TYPES, input: object, items: object[], totalCount = items.length) => ({
  request: { query, variables: { input } },
  result: { data: { [field]: { __typename: PAGE_TYPES[field], items, totalCount } } },
});
