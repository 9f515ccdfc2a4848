import {
  AdvertiserDashboardDocument,
  MeDocument,
  MyFundsDocument,
  type DepositRequestFieldsFragment,
  type MyFundsQuery,
  type AdvertiserCampaignFragment,
  type AdvertiserCreativeFragment,
  type AdvertiserDashboardQuery,
} from "../../../gql/graphql";
import { targetingAnswer } from "../../../test/admin-fixtures";

export const me = {
  request: { query: MeDocument },
  result: {
    data: { me: { __typename: "User" as const, id: 2, email: "ann@example.com", fullName: "Ann Ward", role: "ADVERTISER" as const } },
  },
};

export const campaign = (over: Partial<AdvertiserCampaignFragment> = {}): AdvertiserCampaignFragment => ({
  __typename: "Campaign",
  id: 20,
  name: "Spring Sale",
  budget: 1000,
  pricingModel: "CPM",
  bidStrategy: "FIXED",
  bid: 3.5,
  dailyCap: null,
  pacing: "EVEN",
  rotation: "EVEN",
  category: "general",
  archived: false,
  frequencyCaps: [],
  targeting: targetingAnswer(),
  audiences: { __typename: "AudienceTargeting", include: [], exclude: [] },
  status: "ACTIVE",
  nextActions: ["PAUSE"],
  rejectionReason: null,
  impressions: 20000,
  clicks: 250,
  ctr: 1.25,
  spend: 70,
  targetCountries: ["US", "DE"],
  startDate: "2025-03-01",
  endDate: "2025-03-31",
  createdAt: "2025-02-20T08:00:00.000Z",
  deliveryIssue: null,
  conversionPixelUrl: "https://ads.example.net/t/conversion?campaign=20&sig=abc",
  fieldValues: [],
  targetNames: [],
  creativeCounts: { __typename: "CampaignCreativeCounts", pending: 0, approved: 1, rejected: 0 },
  ...over,
});

export const creative = (over: Partial<AdvertiserCreativeFragment> = {}): AdvertiserCreativeFragment => ({
  __typename: "Creative",
  id: 30,
  campaignId: 20,
  name: "Spring Banner",
  type: "image",
  typeLabel: "Image",
  contentUrl: "https://cdn.example.com/spring.png",
  mediaId: null,
  durationSeconds: null,
  skipAfterSeconds: null,
  expandedWidth: null,
  expandedHeight: null,
  clickUrl: "https://shop.example.com/spring",
  width: 728,
  height: 90,
  status: "APPROVED",
  nextActions: ["ARCHIVE"],
  native: null,
  rejectionReason: null,
  createdAt: "2025-02-21T08:00:00.000Z",
  ...over,
});

export const dashboard = (over: Partial<AdvertiserDashboardQuery> = {}) => ({
  request: { query: AdvertiserDashboardDocument },
  result: {
    data: {
      advertiserStats: {
        __typename: "AdvertiserStats" as const,
        impressions: 20000,
        clicks: 250,
        ctr: 1.25,
        spend: 70,
        conversions: 4,
        monthOverMonth: { __typename: "AdvertiserStatsChange" as const, impressions: 40, clicks: -12.5, ctr: -0.4, spend: 25, conversions: null },
      },
      myCampaigns: [],
      myCreatives: [],
      ...over,
    } satisfies AdvertiserDashboardQuery,
  },
});

export const depositRequest = (over: Partial<DepositRequestFieldsFragment> = {}): DepositRequestFieldsFragment => ({
  __typename: "DepositRequest",
  id: 7,
  reference: "ADN-7KQ4-M2XP",
  amount: 1000,
  status: "PENDING",
  received: null,
  note: null,
  createdAt: "2025-03-02T08:00:00.000Z",
  receivedAt: null,
  actions: ["CANCEL"],
  ...over,
});

export const myFunds = (over: Partial<MyFundsQuery["myFunds"]> = {}) => ({
  request: { query: MyFundsDocument },
  result: {
    data: {
      myFunds: {
        __typename: "AdvertiserFunds" as const,
        balance: 60,
        available: 60,
        deposits: 500,
        credits: 0,
        spent: 440,
        creditLimit: 0,
        spendLast30Days: 300,
        daysLeft: 6,
        daysLeftNote: null,
        lowBalance: true,
        waitingOnFunds: 0,
        pendingDeposits: 0,
        campaignBudgetsLeft: 0,
        campaigns: [],
        minDeposit: 500,
        bank: { __typename: "BankDetails" as const, accountName: "AdNet Ltd", bankName: "Example Bank", iban: "GB33BUKB20201555555555", bic: "BUKBGB22" },
        paymentMethods: [
          { __typename: "PaymentMethod" as const, method: "bank_transfer", label: "Bank transfer", available: true, note: "Send the amount with your payment reference." },
          { __typename: "PaymentMethod" as const, method: "card", label: "Credit card", available: false, note: "Needs a payment provider, not available yet." },
        ],
        requests: [],
        billingAddress: null,
        ...over,
      },
    },
  },
});
