/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment CampaignCard on Campaign {\n  name\n  budget\n  cpm\n  status\n  rejectionReason\n  impressions\n  clicks\n  ctr\n  spend\n  targetCountries\n  startDate\n  endDate\n  createdAt\n  deliveryIssue\n}": typeof types.CampaignCardFragmentDoc,
    "fragment CreativeCard on Creative {\n  name\n  type\n  width\n  height\n  status\n  contentUrl\n}": typeof types.CreativeCardFragmentDoc,
    "fragment FormBounds on FormOptions {\n  minCampaignBudget\n  maxAmount\n  minCpm\n  maxCpm\n  minRevenueSharePercent\n  maxRevenueSharePercent\n  defaultRevenueSharePercent\n  minimumPayout\n  minDeposit\n  maxLength {\n    name\n    description\n    domain\n    email\n    url\n    message\n    reason\n    password\n    search\n  }\n  minPasswordLength\n  minPixels\n  maxPixels\n  siteCategories {\n    value\n    label\n  }\n  zoneFormats {\n    value\n    label\n  }\n  zonePositions {\n    value\n    label\n  }\n  creativeTypes {\n    value\n    label\n  }\n  countries {\n    value\n    label\n  }\n  contactSubjects {\n    value\n    label\n  }\n  invalidTrafficReasons {\n    value\n    label\n  }\n}\n\nquery FormOptions {\n  formOptions {\n    ...FormBounds\n  }\n}": typeof types.FormBoundsFragmentDoc,
    "query AdminDashboard {\n  adminStats {\n    totalUsers\n    pendingSites\n    pendingCampaigns\n    pendingCreatives\n    activeCampaigns\n    requestedPayouts\n    monthlyRevenue\n    monthlyRevenueChange\n  }\n}": typeof types.AdminDashboardDocument,
    "fragment AdminOwner on AccountSummary {\n  id\n  fullName\n  email\n}\n\nfragment AdminSite on Site {\n  id\n  publisherId\n  owner {\n    ...AdminOwner\n  }\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  createdAt\n}\n\nfragment AdminCampaign on Campaign {\n  id\n  advertiserId\n  owner {\n    ...AdminOwner\n  }\n  ...CampaignCard\n}\n\nfragment AdminCreative on Creative {\n  id\n  campaignId\n  campaignName\n  owner {\n    ...AdminOwner\n  }\n  ...CreativeCard\n  clickUrl\n  createdAt\n}\n\nfragment AdminPayout on Payout {\n  id\n  publisherId\n  owner {\n    ...AdminOwner\n  }\n  amount\n  status\n  createdAt\n  paidAt\n}\n\nfragment AdminPublisher on PublisherAccount {\n  id\n  email\n  fullName\n  revenueSharePercent\n  customRevenueShare\n  createdAt\n}\n\nfragment AdminContactMessage on ContactMessage {\n  id\n  name\n  email\n  subject\n  message\n  createdAt\n}": typeof types.AdminOwnerFragmentDoc,
    "query AdminMessages($input: ListInput!) {\n  contactMessages(input: $input) {\n    items {\n      ...AdminContactMessage\n    }\n    totalCount\n  }\n}": typeof types.AdminMessagesDocument,
    "query AdminPayouts($input: PayoutListInput!) {\n  payouts(input: $input) {\n    items {\n      ...AdminPayout\n    }\n    totalCount\n  }\n}": typeof types.AdminPayoutsDocument,
    "query AdminPublishers($input: ListInput!) {\n  publishers(input: $input) {\n    items {\n      ...AdminPublisher\n    }\n    totalCount\n  }\n}": typeof types.AdminPublishersDocument,
    "query FinanceSummary($months: Int) {\n  financeSummary(months: $months) {\n    month\n    deposits\n    credits\n    spend\n    publisherEarnings\n    margin\n    payouts\n    owedToPublishers\n    heldForAdvertisers\n  }\n}\n\nquery AdminDeposits($input: DepositListInput) {\n  depositRequests(input: $input) {\n    items {\n      id\n      reference\n      amount\n      status\n      received\n      createdAt\n      receivedAt\n      advertiserEmail\n    }\n    totalCount\n  }\n}\n\nmutation RecordDeposit($input: RecordDepositInput!) {\n  recordDeposit(input: $input) {\n    id\n    reference\n    status\n    received\n  }\n}\n\nmutation GrantCredit($input: AdvertiserMoneyInput!) {\n  grantCredit(input: $input) {\n    id\n  }\n}\n\nmutation SetCreditLimit($input: AdvertiserMoneyInput!) {\n  setCreditLimit(input: $input) {\n    id\n  }\n}": typeof types.FinanceSummaryDocument,
    "query AdminCampaigns($input: CampaignListInput!) {\n  campaigns(input: $input) {\n    items {\n      ...AdminCampaign\n    }\n    totalCount\n  }\n}\n\nmutation ApproveCampaign($id: Int!) {\n  approveCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation RejectCampaign($id: Int!, $reason: String!) {\n  rejectCampaign(id: $id, reason: $reason) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminPauseCampaign($id: Int!) {\n  pauseCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminResumeCampaign($id: Int!) {\n  resumeCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}": typeof types.AdminCampaignsDocument,
    "mutation MarkPayoutPaid($id: Int!) {\n  markPayoutPaid(id: $id) {\n    ...AdminPayout\n  }\n}": typeof types.MarkPayoutPaidDocument,
    "query NetworkReport($input: ReportInput!) {\n  networkReport(input: $input) {\n    from\n    to\n    timeZone\n    granularity\n    breakdown\n    totals {\n      ...NetworkReportRow\n    }\n    series {\n      ...NetworkReportRow\n    }\n    previousSeries {\n      ...NetworkReportRow\n    }\n    rows {\n      ...NetworkReportRow\n    }\n    totalRows\n    offset\n    limit\n    invalid {\n      key\n      label\n      event\n      reason\n      events\n    }\n  }\n}\n\nfragment NetworkReportRow on NetworkReportRow {\n  key\n  label\n  requests\n  impressions\n  fillRate\n  clicks\n  ctr\n  spend\n  publisherEarnings\n  margin\n  ecpm\n}": typeof types.NetworkReportDocument,
    "query AdminCreatives($input: CreativeListInput!) {\n  creatives(input: $input) {\n    items {\n      ...AdminCreative\n    }\n    totalCount\n  }\n}\n\nmutation ApproveCreative($id: Int!) {\n  approveCreative(id: $id) {\n    ...AdminCreative\n  }\n}\n\nmutation RejectCreative($id: Int!, $reason: String!) {\n  rejectCreative(id: $id, reason: $reason) {\n    ...AdminCreative\n  }\n}": typeof types.AdminCreativesDocument,
    "query AdminSites($input: SiteListInput!) {\n  sites(input: $input) {\n    items {\n      ...AdminSite\n    }\n    totalCount\n  }\n}\n\nmutation ApproveSite($id: Int!) {\n  approveSite(id: $id) {\n    ...AdminSite\n  }\n}\n\nmutation RejectSite($id: Int!, $reason: String!) {\n  rejectSite(id: $id, reason: $reason) {\n    ...AdminSite\n  }\n}": typeof types.AdminSitesDocument,
    "mutation SetRevenueShare($publisherId: Int!, $percent: Int!) {\n  setRevenueShare(publisherId: $publisherId, percent: $percent) {\n    ...AdminPublisher\n  }\n}": typeof types.SetRevenueShareDocument,
    "query TrafficQuality {\n  trafficQuality {\n    impressions\n    clicks\n    invalidEvents\n    invalidShare\n    byReason {\n      event\n      reason\n      events\n      share\n    }\n  }\n}": typeof types.TrafficQualityDocument,
    "query AdvertiserDashboard {\n  advertiserStats {\n    ...AdvertiserKeyFigures\n  }\n  myCampaigns {\n    ...AdvertiserCampaign\n  }\n  myCreatives {\n    ...AdvertiserCreative\n  }\n}": typeof types.AdvertiserDashboardDocument,
    "fragment AdvertiserCampaign on Campaign {\n  id\n  ...CampaignCard\n  conversionPixelUrl\n}\n\nfragment AdvertiserCreative on Creative {\n  id\n  campaignId\n  ...CreativeCard\n  clickUrl\n  rejectionReason\n  createdAt\n}": typeof types.AdvertiserCampaignFragmentDoc,
    "fragment AdvertiserKeyFigures on AdvertiserStats {\n  impressions\n  clicks\n  ctr\n  spend\n  conversions\n  monthOverMonth {\n    impressions\n    clicks\n    ctr\n    spend\n    conversions\n  }\n}\n\nquery AdvertiserLiveFigures {\n  advertiserStats {\n    ...AdvertiserKeyFigures\n  }\n}": typeof types.AdvertiserKeyFiguresFragmentDoc,
    "query AdvertiserReport($input: ReportInput!) {\n  advertiserReport(input: $input) {\n    from\n    to\n    timeZone\n    granularity\n    breakdown\n    totals {\n      ...AdvertiserReportRow\n    }\n    series {\n      ...AdvertiserReportRow\n    }\n    previousSeries {\n      ...AdvertiserReportRow\n    }\n    rows {\n      ...AdvertiserReportRow\n    }\n    totalRows\n    offset\n    limit\n  }\n}\n\nfragment AdvertiserReportRow on AdvertiserReportRow {\n  key\n  label\n  impressions\n  clicks\n  ctr\n  spend\n  conversions\n  conversionRate\n  ecpm\n  cpc\n  cpa\n}": typeof types.AdvertiserReportDocument,
    "mutation CreateCampaign($input: CreateCampaignInput!) {\n  createCampaign(input: $input) {\n    ...AdvertiserCampaign\n  }\n}": typeof types.CreateCampaignDocument,
    "mutation CreateCreative($input: CreateCreativeInput!) {\n  createCreative(input: $input) {\n    ...AdvertiserCreative\n  }\n}": typeof types.CreateCreativeDocument,
    "fragment DepositRequestFields on DepositRequest {\n  id\n  reference\n  amount\n  status\n  received\n  createdAt\n  receivedAt\n}\n\nquery MyFunds {\n  myFunds {\n    balance\n    available\n    deposits\n    credits\n    spent\n    creditLimit\n    spendLast30Days\n    daysLeft\n    lowBalance\n    minDeposit\n    bank {\n      accountName\n      bankName\n      iban\n      bic\n    }\n    paymentMethods {\n      method\n      label\n      available\n      note\n    }\n    requests {\n      ...DepositRequestFields\n    }\n  }\n}\n\nmutation RequestDeposit($amount: Float!) {\n  requestDeposit(amount: $amount) {\n    ...DepositRequestFields\n  }\n}": typeof types.DepositRequestFieldsFragmentDoc,
    "mutation PauseCampaign($id: Int!) {\n  pauseCampaign(id: $id) {\n    id\n    status\n  }\n}": typeof types.PauseCampaignDocument,
    "mutation ResumeCampaign($id: Int!) {\n  resumeCampaign(id: $id) {\n    id\n    status\n  }\n}": typeof types.ResumeCampaignDocument,
    "mutation UpdateCreative($id: Int!, $input: CreativeContentInput!) {\n  updateCreative(id: $id, input: $input) {\n    ...AdvertiserCreative\n  }\n}": typeof types.UpdateCreativeDocument,
    "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    accessToken\n    user {\n      ...SessionUser\n    }\n  }\n}": typeof types.LoginDocument,
    "mutation Logout {\n  logout\n}": typeof types.LogoutDocument,
    "query Me {\n  me {\n    ...SessionUser\n  }\n}": typeof types.MeDocument,
    "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    id\n  }\n}": typeof types.RegisterDocument,
    "fragment SessionUser on User {\n  id\n  email\n  fullName\n  role\n}": typeof types.SessionUserFragmentDoc,
    "mutation SendContactMessage($input: ContactMessageInput!) {\n  sendContactMessage(input: $input) {\n    id\n  }\n}": typeof types.SendContactMessageDocument,
    "mutation CreateAdZone($input: CreateAdZoneInput!) {\n  createAdZone(input: $input) {\n    ...PublisherAdZone\n  }\n}": typeof types.CreateAdZoneDocument,
    "mutation CreateSite($input: CreateSiteInput!) {\n  createSite(input: $input) {\n    ...PublisherSite\n  }\n}": typeof types.CreateSiteDocument,
    "query PublisherDashboard {\n  publisherStats {\n    ...PublisherKeyFigures\n  }\n  mySites {\n    ...PublisherSite\n  }\n  myAdZones {\n    ...PublisherAdZone\n  }\n  myBalance {\n    available\n    minimumPayout\n    canRequestPayout\n  }\n  myPayouts {\n    ...PublisherPayout\n  }\n}": typeof types.PublisherDashboardDocument,
    "fragment PublisherSite on Site {\n  id\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  monthlyImpressions\n  createdAt\n}\n\nfragment PublisherAdZone on AdZone {\n  id\n  siteId\n  siteName\n  name\n  width\n  height\n  format\n  position\n  adTag\n}\n\nfragment PublisherPayout on Payout {\n  id\n  amount\n  status\n  createdAt\n  paidAt\n}": typeof types.PublisherSiteFragmentDoc,
    "fragment PublisherKeyFigures on PublisherStats {\n  impressions\n  clicks\n  ctr\n  revenue\n  fillRate\n  monthOverMonth {\n    impressions\n    clicks\n    ctr\n    revenue\n    fillRate\n  }\n}\n\nquery PublisherLiveFigures {\n  publisherStats {\n    ...PublisherKeyFigures\n  }\n}": typeof types.PublisherKeyFiguresFragmentDoc,
    "query PublisherReport($input: ReportInput!) {\n  publisherReport(input: $input) {\n    from\n    to\n    timeZone\n    granularity\n    breakdown\n    totals {\n      ...PublisherReportRow\n    }\n    series {\n      ...PublisherReportRow\n    }\n    previousSeries {\n      ...PublisherReportRow\n    }\n    rows {\n      ...PublisherReportRow\n    }\n    totalRows\n    offset\n    limit\n  }\n}\n\nfragment PublisherReportRow on PublisherReportRow {\n  key\n  label\n  requests\n  impressions\n  fillRate\n  clicks\n  ctr\n  revenue\n  ecpm\n}": typeof types.PublisherReportDocument,
    "mutation RequestPayout {\n  requestPayout {\n    ...PublisherPayout\n  }\n}": typeof types.RequestPayoutDocument,
    "mutation ChangePassword($input: ChangePasswordInput!) {\n  changePassword(input: $input) {\n    accessToken\n    user {\n      ...SessionUser\n    }\n  }\n}": typeof types.ChangePasswordDocument,
    "mutation UpdateProfile($input: UpdateProfileInput!) {\n  updateProfile(input: $input) {\n    ...SessionUser\n  }\n}": typeof types.UpdateProfileDocument,
};
const documents: Documents = {
    "fragment CampaignCard on Campaign {\n  name\n  budget\n  cpm\n  status\n  rejectionReason\n  impressions\n  clicks\n  ctr\n  spend\n  targetCountries\n  startDate\n  endDate\n  createdAt\n  deliveryIssue\n}": types.CampaignCardFragmentDoc,
    "fragment CreativeCard on Creative {\n  name\n  type\n  width\n  height\n  status\n  contentUrl\n}": types.CreativeCardFragmentDoc,
    "fragment FormBounds on FormOptions {\n  minCampaignBudget\n  maxAmount\n  minCpm\n  maxCpm\n  minRevenueSharePercent\n  maxRevenueSharePercent\n  defaultRevenueSharePercent\n  minimumPayout\n  minDeposit\n  maxLength {\n    name\n    description\n    domain\n    email\n    url\n    message\n    reason\n    password\n    search\n  }\n  minPasswordLength\n  minPixels\n  maxPixels\n  siteCategories {\n    value\n    label\n  }\n  zoneFormats {\n    value\n    label\n  }\n  zonePositions {\n    value\n    label\n  }\n  creativeTypes {\n    value\n    label\n  }\n  countries {\n    value\n    label\n  }\n  contactSubjects {\n    value\n    label\n  }\n  invalidTrafficReasons {\n    value\n    label\n  }\n}\n\nquery FormOptions {\n  formOptions {\n    ...FormBounds\n  }\n}": types.FormBoundsFragmentDoc,
    "query AdminDashboard {\n  adminStats {\n    totalUsers\n    pendingSites\n    pendingCampaigns\n    pendingCreatives\n    activeCampaigns\n    requestedPayouts\n    monthlyRevenue\n    monthlyRevenueChange\n  }\n}": types.AdminDashboardDocument,
    "fragment AdminOwner on AccountSummary {\n  id\n  fullName\n  email\n}\n\nfragment AdminSite on Site {\n  id\n  publisherId\n  owner {\n    ...AdminOwner\n  }\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  createdAt\n}\n\nfragment AdminCampaign on Campaign {\n  id\n  advertiserId\n  owner {\n    ...AdminOwner\n  }\n  ...CampaignCard\n}\n\nfragment AdminCreative on Creative {\n  id\n  campaignId\n  campaignName\n  owner {\n    ...AdminOwner\n  }\n  ...CreativeCard\n  clickUrl\n  createdAt\n}\n\nfragment AdminPayout on Payout {\n  id\n  publisherId\n  owner {\n    ...AdminOwner\n  }\n  amount\n  status\n  createdAt\n  paidAt\n}\n\nfragment AdminPublisher on PublisherAccount {\n  id\n  email\n  fullName\n  revenueSharePercent\n  customRevenueShare\n  createdAt\n}\n\nfragment AdminContactMessage on ContactMessage {\n  id\n  name\n  email\n  subject\n  message\n  createdAt\n}": types.AdminOwnerFragmentDoc,
    "query AdminMessages($input: ListInput!) {\n  contactMessages(input: $input) {\n    items {\n      ...AdminContactMessage\n    }\n    totalCount\n  }\n}": types.AdminMessagesDocument,
    "query AdminPayouts($input: PayoutListInput!) {\n  payouts(input: $input) {\n    items {\n      ...AdminPayout\n    }\n    totalCount\n  }\n}": types.AdminPayoutsDocument,
    "query AdminPublishers($input: ListInput!) {\n  publishers(input: $input) {\n    items {\n      ...AdminPublisher\n    }\n    totalCount\n  }\n}": types.AdminPublishersDocument,
    "query FinanceSummary($months: Int) {\n  financeSummary(months: $months) {\n    month\n    deposits\n    credits\n    spend\n    publisherEarnings\n    margin\n    payouts\n    owedToPublishers\n    heldForAdvertisers\n  }\n}\n\nquery AdminDeposits($input: DepositListInput) {\n  depositRequests(input: $input) {\n    items {\n      id\n      reference\n      amount\n      status\n      received\n      createdAt\n      receivedAt\n      advertiserEmail\n    }\n    totalCount\n  }\n}\n\nmutation RecordDeposit($input: RecordDepositInput!) {\n  recordDeposit(input: $input) {\n    id\n    reference\n    status\n    received\n  }\n}\n\nmutation GrantCredit($input: AdvertiserMoneyInput!) {\n  grantCredit(input: $input) {\n    id\n  }\n}\n\nmutation SetCreditLimit($input: AdvertiserMoneyInput!) {\n  setCreditLimit(input: $input) {\n    id\n  }\n}": types.FinanceSummaryDocument,
    "query AdminCampaigns($input: CampaignListInput!) {\n  campaigns(input: $input) {\n    items {\n      ...AdminCampaign\n    }\n    totalCount\n  }\n}\n\nmutation ApproveCampaign($id: Int!) {\n  approveCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation RejectCampaign($id: Int!, $reason: String!) {\n  rejectCampaign(id: $id, reason: $reason) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminPauseCampaign($id: Int!) {\n  pauseCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminResumeCampaign($id: Int!) {\n  resumeCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}": types.AdminCampaignsDocument,
    "mutation MarkPayoutPaid($id: Int!) {\n  markPayoutPaid(id: $id) {\n    ...AdminPayout\n  }\n}": types.MarkPayoutPaidDocument,
    "query NetworkReport($input: ReportInput!) {\n  networkReport(input: $input) {\n    from\n    to\n    timeZone\n    granularity\n    breakdown\n    totals {\n      ...NetworkReportRow\n    }\n    series {\n      ...NetworkReportRow\n    }\n    previousSeries {\n      ...NetworkReportRow\n    }\n    rows {\n      ...NetworkReportRow\n    }\n    totalRows\n    offset\n    limit\n    invalid {\n      key\n      label\n      event\n      reason\n      events\n    }\n  }\n}\n\nfragment NetworkReportRow on NetworkReportRow {\n  key\n  label\n  requests\n  impressions\n  fillRate\n  clicks\n  ctr\n  spend\n  publisherEarnings\n  margin\n  ecpm\n}": types.NetworkReportDocument,
    "query AdminCreatives($input: CreativeListInput!) {\n  creatives(input: $input) {\n    items {\n      ...AdminCreative\n    }\n    totalCount\n  }\n}\n\nmutation ApproveCreative($id: Int!) {\n  approveCreative(id: $id) {\n    ...AdminCreative\n  }\n}\n\nmutation RejectCreative($id: Int!, $reason: String!) {\n  rejectCreative(id: $id, reason: $reason) {\n    ...AdminCreative\n  }\n}": types.AdminCreativesDocument,
    "query AdminSites($input: SiteListInput!) {\n  sites(input: $input) {\n    items {\n      ...AdminSite\n    }\n    totalCount\n  }\n}\n\nmutation ApproveSite($id: Int!) {\n  approveSite(id: $id) {\n    ...AdminSite\n  }\n}\n\nmutation RejectSite($id: Int!, $reason: String!) {\n  rejectSite(id: $id, reason: $reason) {\n    ...AdminSite\n  }\n}": types.AdminSitesDocument,
    "mutation SetRevenueShare($publisherId: Int!, $percent: Int!) {\n  setRevenueShare(publisherId: $publisherId, percent: $percent) {\n    ...AdminPublisher\n  }\n}": types.SetRevenueShareDocument,
    "query TrafficQuality {\n  trafficQuality {\n    impressions\n    clicks\n    invalidEvents\n    invalidShare\n    byReason {\n      event\n      reason\n      events\n      share\n    }\n  }\n}": types.TrafficQualityDocument,
    "query AdvertiserDashboard {\n  advertiserStats {\n    ...AdvertiserKeyFigures\n  }\n  myCampaigns {\n    ...AdvertiserCampaign\n  }\n  myCreatives {\n    ...AdvertiserCreative\n  }\n}": types.AdvertiserDashboardDocument,
    "fragment AdvertiserCampaign on Campaign {\n  id\n  ...CampaignCard\n  conversionPixelUrl\n}\n\nfragment AdvertiserCreative on Creative {\n  id\n  campaignId\n  ...CreativeCard\n  clickUrl\n  rejectionReason\n  createdAt\n}": types.AdvertiserCampaignFragmentDoc,
    "fragment AdvertiserKeyFigures on AdvertiserStats {\n  impressions\n  clicks\n  ctr\n  spend\n  conversions\n  monthOverMonth {\n    impressions\n    clicks\n    ctr\n    spend\n    conversions\n  }\n}\n\nquery AdvertiserLiveFigures {\n  advertiserStats {\n    ...AdvertiserKeyFigures\n  }\n}": types.AdvertiserKeyFiguresFragmentDoc,
    "query AdvertiserReport($input: ReportInput!) {\n  advertiserReport(input: $input) {\n    from\n    to\n    timeZone\n    granularity\n    breakdown\n    totals {\n      ...AdvertiserReportRow\n    }\n    series {\n      ...AdvertiserReportRow\n    }\n    previousSeries {\n      ...AdvertiserReportRow\n    }\n    rows {\n      ...AdvertiserReportRow\n    }\n    totalRows\n    offset\n    limit\n  }\n}\n\nfragment AdvertiserReportRow on AdvertiserReportRow {\n  key\n  label\n  impressions\n  clicks\n  ctr\n  spend\n  conversions\n  conversionRate\n  ecpm\n  cpc\n  cpa\n}": types.AdvertiserReportDocument,
    "mutation CreateCampaign($input: CreateCampaignInput!) {\n  createCampaign(input: $input) {\n    ...AdvertiserCampaign\n  }\n}": types.CreateCampaignDocument,
    "mutation CreateCreative($input: CreateCreativeInput!) {\n  createCreative(input: $input) {\n    ...AdvertiserCreative\n  }\n}": types.CreateCreativeDocument,
    "fragment DepositRequestFields on DepositRequest {\n  id\n  reference\n  amount\n  status\n  received\n  createdAt\n  receivedAt\n}\n\nquery MyFunds {\n  myFunds {\n    balance\n    available\n    deposits\n    credits\n    spent\n    creditLimit\n    spendLast30Days\n    daysLeft\n    lowBalance\n    minDeposit\n    bank {\n      accountName\n      bankName\n      iban\n      bic\n    }\n    paymentMethods {\n      method\n      label\n      available\n      note\n    }\n    requests {\n      ...DepositRequestFields\n    }\n  }\n}\n\nmutation RequestDeposit($amount: Float!) {\n  requestDeposit(amount: $amount) {\n    ...DepositRequestFields\n  }\n}": types.DepositRequestFieldsFragmentDoc,
    "mutation PauseCampaign($id: Int!) {\n  pauseCampaign(id: $id) {\n    id\n    status\n  }\n}": types.PauseCampaignDocument,
    "mutation ResumeCampaign($id: Int!) {\n  resumeCampaign(id: $id) {\n    id\n    status\n  }\n}": types.ResumeCampaignDocument,
    "mutation UpdateCreative($id: Int!, $input: CreativeContentInput!) {\n  updateCreative(id: $id, input: $input) {\n    ...AdvertiserCreative\n  }\n}": types.UpdateCreativeDocument,
    "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    accessToken\n    user {\n      ...SessionUser\n    }\n  }\n}": types.LoginDocument,
    "mutation Logout {\n  logout\n}": types.LogoutDocument,
    "query Me {\n  me {\n    ...SessionUser\n  }\n}": types.MeDocument,
    "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    id\n  }\n}": types.RegisterDocument,
    "fragment SessionUser on User {\n  id\n  email\n  fullName\n  role\n}": types.SessionUserFragmentDoc,
    "mutation SendContactMessage($input: ContactMessageInput!) {\n  sendContactMessage(input: $input) {\n    id\n  }\n}": types.SendContactMessageDocument,
    "mutation CreateAdZone($input: CreateAdZoneInput!) {\n  createAdZone(input: $input) {\n    ...PublisherAdZone\n  }\n}": types.CreateAdZoneDocument,
    "mutation CreateSite($input: CreateSiteInput!) {\n  createSite(input: $input) {\n    ...PublisherSite\n  }\n}": types.CreateSiteDocument,
    "query PublisherDashboard {\n  publisherStats {\n    ...PublisherKeyFigures\n  }\n  mySites {\n    ...PublisherSite\n  }\n  myAdZones {\n    ...PublisherAdZone\n  }\n  myBalance {\n    available\n    minimumPayout\n    canRequestPayout\n  }\n  myPayouts {\n    ...PublisherPayout\n  }\n}": types.PublisherDashboardDocument,
    "fragment PublisherSite on Site {\n  id\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  monthlyImpressions\n  createdAt\n}\n\nfragment PublisherAdZone on AdZone {\n  id\n  siteId\n  siteName\n  name\n  width\n  height\n  format\n  position\n  adTag\n}\n\nfragment PublisherPayout on Payout {\n  id\n  amount\n  status\n  createdAt\n  paidAt\n}": types.PublisherSiteFragmentDoc,
    "fragment PublisherKeyFigures on PublisherStats {\n  impressions\n  clicks\n  ctr\n  revenue\n  fillRate\n  monthOverMonth {\n    impressions\n    clicks\n    ctr\n    revenue\n    fillRate\n  }\n}\n\nquery PublisherLiveFigures {\n  publisherStats {\n    ...PublisherKeyFigures\n  }\n}": types.PublisherKeyFiguresFragmentDoc,
    "query PublisherReport($input: ReportInput!) {\n  publisherReport(input: $input) {\n    from\n    to\n    timeZone\n    granularity\n    breakdown\n    totals {\n      ...PublisherReportRow\n    }\n    series {\n      ...PublisherReportRow\n    }\n    previousSeries {\n      ...PublisherReportRow\n    }\n    rows {\n      ...PublisherReportRow\n    }\n    totalRows\n    offset\n    limit\n  }\n}\n\nfragment PublisherReportRow on PublisherReportRow {\n  key\n  label\n  requests\n  impressions\n  fillRate\n  clicks\n  ctr\n  revenue\n  ecpm\n}": types.PublisherReportDocument,
    "mutation RequestPayout {\n  requestPayout {\n    ...PublisherPayout\n  }\n}": types.RequestPayoutDocument,
    "mutation ChangePassword($input: ChangePasswordInput!) {\n  changePassword(input: $input) {\n    accessToken\n    user {\n      ...SessionUser\n    }\n  }\n}": types.ChangePasswordDocument,
    "mutation UpdateProfile($input: UpdateProfileInput!) {\n  updateProfile(input: $input) {\n    ...SessionUser\n  }\n}": types.UpdateProfileDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment CampaignCard on Campaign {\n  name\n  budget\n  cpm\n  status\n  rejectionReason\n  impressions\n  clicks\n  ctr\n  spend\n  targetCountries\n  startDate\n  endDate\n  createdAt\n  deliveryIssue\n}"): (typeof documents)["fragment CampaignCard on Campaign {\n  name\n  budget\n  cpm\n  status\n  rejectionReason\n  impressions\n  clicks\n  ctr\n  spend\n  targetCountries\n  startDate\n  endDate\n  createdAt\n  deliveryIssue\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment CreativeCard on Creative {\n  name\n  type\n  width\n  height\n  status\n  contentUrl\n}"): (typeof documents)["fragment CreativeCard on Creative {\n  name\n  type\n  width\n  height\n  status\n  contentUrl\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment FormBounds on FormOptions {\n  minCampaignBudget\n  maxAmount\n  minCpm\n  maxCpm\n  minRevenueSharePercent\n  maxRevenueSharePercent\n  defaultRevenueSharePercent\n  minimumPayout\n  minDeposit\n  maxLength {\n    name\n    description\n    domain\n    email\n    url\n    message\n    reason\n    password\n    search\n  }\n  minPasswordLength\n  minPixels\n  maxPixels\n  siteCategories {\n    value\n    label\n  }\n  zoneFormats {\n    value\n    label\n  }\n  zonePositions {\n    value\n    label\n  }\n  creativeTypes {\n    value\n    label\n  }\n  countries {\n    value\n    label\n  }\n  contactSubjects {\n    value\n    label\n  }\n  invalidTrafficReasons {\n    value\n    label\n  }\n}\n\nquery FormOptions {\n  formOptions {\n    ...FormBounds\n  }\n}"): (typeof documents)["fragment FormBounds on FormOptions {\n  minCampaignBudget\n  maxAmount\n  minCpm\n  maxCpm\n  minRevenueSharePercent\n  maxRevenueSharePercent\n  defaultRevenueSharePercent\n  minimumPayout\n  minDeposit\n  maxLength {\n    name\n    description\n    domain\n    email\n    url\n    message\n    reason\n    password\n    search\n  }\n  minPasswordLength\n  minPixels\n  maxPixels\n  siteCategories {\n    value\n    label\n  }\n  zoneFormats {\n    value\n    label\n  }\n  zonePositions {\n    value\n    label\n  }\n  creativeTypes {\n    value\n    label\n  }\n  countries {\n    value\n    label\n  }\n  contactSubjects {\n    value\n    label\n  }\n  invalidTrafficReasons {\n    value\n    label\n  }\n}\n\nquery FormOptions {\n  formOptions {\n    ...FormBounds\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminDashboard {\n  adminStats {\n    totalUsers\n    pendingSites\n    pendingCampaigns\n    pendingCreatives\n    activeCampaigns\n    requestedPayouts\n    monthlyRevenue\n    monthlyRevenueChange\n  }\n}"): (typeof documents)["query AdminDashboard {\n  adminStats {\n    totalUsers\n    pendingSites\n    pendingCampaigns\n    pendingCreatives\n    activeCampaigns\n    requestedPayouts\n    monthlyRevenue\n    monthlyRevenueChange\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment AdminOwner on AccountSummary {\n  id\n  fullName\n  email\n}\n\nfragment AdminSite on Site {\n  id\n  publisherId\n  owner {\n    ...AdminOwner\n  }\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  createdAt\n}\n\nfragment AdminCampaign on Campaign {\n  id\n  advertiserId\n  owner {\n    ...AdminOwner\n  }\n  ...CampaignCard\n}\n\nfragment AdminCreative on Creative {\n  id\n  campaignId\n  campaignName\n  owner {\n    ...AdminOwner\n  }\n  ...CreativeCard\n  clickUrl\n  createdAt\n}\n\nfragment AdminPayout on Payout {\n  id\n  publisherId\n  owner {\n    ...AdminOwner\n  }\n  amount\n  status\n  createdAt\n  paidAt\n}\n\nfragment AdminPublisher on PublisherAccount {\n  id\n  email\n  fullName\n  revenueSharePercent\n  customRevenueShare\n  createdAt\n}\n\nfragment AdminContactMessage on ContactMessage {\n  id\n  name\n  email\n  subject\n  message\n  createdAt\n}"): (typeof documents)["fragment AdminOwner on AccountSummary {\n  id\n  fullName\n  email\n}\n\nfragment AdminSite on Site {\n  id\n  publisherId\n  owner {\n    ...AdminOwner\n  }\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  createdAt\n}\n\nfragment AdminCampaign on Campaign {\n  id\n  advertiserId\n  owner {\n    ...AdminOwner\n  }\n  ...CampaignCard\n}\n\nfragment AdminCreative on Creative {\n  id\n  campaignId\n  campaignName\n  owner {\n    ...AdminOwner\n  }\n  ...CreativeCard\n  clickUrl\n  createdAt\n}\n\nfragment AdminPayout on Payout {\n  id\n  publisherId\n  owner {\n    ...AdminOwner\n  }\n  amount\n  status\n  createdAt\n  paidAt\n}\n\nfragment AdminPublisher on PublisherAccount {\n  id\n  email\n  fullName\n  revenueSharePercent\n  customRevenueShare\n  createdAt\n}\n\nfragment AdminContactMessage on ContactMessage {\n  id\n  name\n  email\n  subject\n  message\n  createdAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminMessages($input: ListInput!) {\n  contactMessages(input: $input) {\n    items {\n      ...AdminContactMessage\n    }\n    totalCount\n  }\n}"): (typeof documents)["query AdminMessages($input: ListInput!) {\n  contactMessages(input: $input) {\n    items {\n      ...AdminContactMessage\n    }\n    totalCount\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminPayouts($input: PayoutListInput!) {\n  payouts(input: $input) {\n    items {\n      ...AdminPayout\n    }\n    totalCount\n  }\n}"): (typeof documents)["query AdminPayouts($input: PayoutListInput!) {\n  payouts(input: $input) {\n    items {\n      ...AdminPayout\n    }\n    totalCount\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminPublishers($input: ListInput!) {\n  publishers(input: $input) {\n    items {\n      ...AdminPublisher\n    }\n    totalCount\n  }\n}"): (typeof documents)["query AdminPublishers($input: ListInput!) {\n  publishers(input: $input) {\n    items {\n      ...AdminPublisher\n    }\n    totalCount\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query FinanceSummary($months: Int) {\n  financeSummary(months: $months) {\n    month\n    deposits\n    credits\n    spend\n    publisherEarnings\n    margin\n    payouts\n    owedToPublishers\n    heldForAdvertisers\n  }\n}\n\nquery AdminDeposits($input: DepositListInput) {\n  depositRequests(input: $input) {\n    items {\n      id\n      reference\n      amount\n      status\n      received\n      createdAt\n      receivedAt\n      advertiserEmail\n    }\n    totalCount\n  }\n}\n\nmutation RecordDeposit($input: RecordDepositInput!) {\n  recordDeposit(input: $input) {\n    id\n    reference\n    status\n    received\n  }\n}\n\nmutation GrantCredit($input: AdvertiserMoneyInput!) {\n  grantCredit(input: $input) {\n    id\n  }\n}\n\nmutation SetCreditLimit($input: AdvertiserMoneyInput!) {\n  setCreditLimit(input: $input) {\n    id\n  }\n}"): (typeof documents)["query FinanceSummary($months: Int) {\n  financeSummary(months: $months) {\n    month\n    deposits\n    credits\n    spend\n    publisherEarnings\n    margin\n    payouts\n    owedToPublishers\n    heldForAdvertisers\n  }\n}\n\nquery AdminDeposits($input: DepositListInput) {\n  depositRequests(input: $input) {\n    items {\n      id\n      reference\n      amount\n      status\n      received\n      createdAt\n      receivedAt\n      advertiserEmail\n    }\n    totalCount\n  }\n}\n\nmutation RecordDeposit($input: RecordDepositInput!) {\n  recordDeposit(input: $input) {\n    id\n    reference\n    status\n    received\n  }\n}\n\nmutation GrantCredit($input: AdvertiserMoneyInput!) {\n  grantCredit(input: $input) {\n    id\n  }\n}\n\nmutation SetCreditLimit($input: AdvertiserMoneyInput!) {\n  setCreditLimit(input: $input) {\n    id\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminCampaigns($input: CampaignListInput!) {\n  campaigns(input: $input) {\n    items {\n      ...AdminCampaign\n    }\n    totalCount\n  }\n}\n\nmutation ApproveCampaign($id: Int!) {\n  approveCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation RejectCampaign($id: Int!, $reason: String!) {\n  rejectCampaign(id: $id, reason: $reason) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminPauseCampaign($id: Int!) {\n  pauseCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminResumeCampaign($id: Int!) {\n  resumeCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}"): (typeof documents)["query AdminCampaigns($input: CampaignListInput!) {\n  campaigns(input: $input) {\n    items {\n      ...AdminCampaign\n    }\n    totalCount\n  }\n}\n\nmutation ApproveCampaign($id: Int!) {\n  approveCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation RejectCampaign($id: Int!, $reason: String!) {\n  rejectCampaign(id: $id, reason: $reason) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminPauseCampaign($id: Int!) {\n  pauseCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminResumeCampaign($id: Int!) {\n  resumeCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation MarkPayoutPaid($id: Int!) {\n  markPayoutPaid(id: $id) {\n    ...AdminPayout\n  }\n}"): (typeof documents)["mutation MarkPayoutPaid($id: Int!) {\n  markPayoutPaid(id: $id) {\n    ...AdminPayout\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query NetworkReport($input: ReportInput!) {\n  networkReport(input: $input) {\n    from\n    to\n    timeZone\n    granularity\n    breakdown\n    totals {\n      ...NetworkReportRow\n    }\n    series {\n      ...NetworkReportRow\n    }\n    previousSeries {\n      ...NetworkReportRow\n    }\n    rows {\n      ...NetworkReportRow\n    }\n    totalRows\n    offset\n    limit\n    invalid {\n      key\n      label\n      event\n      reason\n      events\n    }\n  }\n}\n\nfragment NetworkReportRow on NetworkReportRow {\n  key\n  label\n  requests\n  impressions\n  fillRate\n  clicks\n  ctr\n  spend\n  publisherEarnings\n  margin\n  ecpm\n}"): (typeof documents)["query NetworkReport($input: ReportInput!) {\n  networkReport(input: $input) {\n    from\n    to\n    timeZone\n    granularity\n    breakdown\n    totals {\n      ...NetworkReportRow\n    }\n    series {\n      ...NetworkReportRow\n    }\n    previousSeries {\n      ...NetworkReportRow\n    }\n    rows {\n      ...NetworkReportRow\n    }\n    totalRows\n    offset\n    limit\n    invalid {\n      key\n      label\n      event\n      reason\n      events\n    }\n  }\n}\n\nfragment NetworkReportRow on NetworkReportRow {\n  key\n  label\n  requests\n  impressions\n  fillRate\n  clicks\n  ctr\n  spend\n  publisherEarnings\n  margin\n  ecpm\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminCreatives($input: CreativeListInput!) {\n  creatives(input: $input) {\n    items {\n      ...AdminCreative\n    }\n    totalCount\n  }\n}\n\nmutation ApproveCreative($id: Int!) {\n  approveCreative(id: $id) {\n    ...AdminCreative\n  }\n}\n\nmutation RejectCreative($id: Int!, $reason: String!) {\n  rejectCreative(id: $id, reason: $reason) {\n    ...AdminCreative\n  }\n}"): (typeof documents)["query AdminCreatives($input: CreativeListInput!) {\n  creatives(input: $input) {\n    items {\n      ...AdminCreative\n    }\n    totalCount\n  }\n}\n\nmutation ApproveCreative($id: Int!) {\n  approveCreative(id: $id) {\n    ...AdminCreative\n  }\n}\n\nmutation RejectCreative($id: Int!, $reason: String!) {\n  rejectCreative(id: $id, reason: $reason) {\n    ...AdminCreative\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminSites($input: SiteListInput!) {\n  sites(input: $input) {\n    items {\n      ...AdminSite\n    }\n    totalCount\n  }\n}\n\nmutation ApproveSite($id: Int!) {\n  approveSite(id: $id) {\n    ...AdminSite\n  }\n}\n\nmutation RejectSite($id: Int!, $reason: String!) {\n  rejectSite(id: $id, reason: $reason) {\n    ...AdminSite\n  }\n}"): (typeof documents)["query AdminSites($input: SiteListInput!) {\n  sites(input: $input) {\n    items {\n      ...AdminSite\n    }\n    totalCount\n  }\n}\n\nmutation ApproveSite($id: Int!) {\n  approveSite(id: $id) {\n    ...AdminSite\n  }\n}\n\nmutation RejectSite($id: Int!, $reason: String!) {\n  rejectSite(id: $id, reason: $reason) {\n    ...AdminSite\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SetRevenueShare($publisherId: Int!, $percent: Int!) {\n  setRevenueShare(publisherId: $publisherId, percent: $percent) {\n    ...AdminPublisher\n  }\n}"): (typeof documents)["mutation SetRevenueShare($publisherId: Int!, $percent: Int!) {\n  setRevenueShare(publisherId: $publisherId, percent: $percent) {\n    ...AdminPublisher\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TrafficQuality {\n  trafficQuality {\n    impressions\n    clicks\n    invalidEvents\n    invalidShare\n    byReason {\n      event\n      reason\n      events\n      share\n    }\n  }\n}"): (typeof documents)["query TrafficQuality {\n  trafficQuality {\n    impressions\n    clicks\n    invalidEvents\n    invalidShare\n    byReason {\n      event\n      reason\n      events\n      share\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdvertiserDashboard {\n  advertiserStats {\n    ...AdvertiserKeyFigures\n  }\n  myCampaigns {\n    ...AdvertiserCampaign\n  }\n  myCreatives {\n    ...AdvertiserCreative\n  }\n}"): (typeof documents)["query AdvertiserDashboard {\n  advertiserStats {\n    ...AdvertiserKeyFigures\n  }\n  myCampaigns {\n    ...AdvertiserCampaign\n  }\n  myCreatives {\n    ...AdvertiserCreative\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment AdvertiserCampaign on Campaign {\n  id\n  ...CampaignCard\n  conversionPixelUrl\n}\n\nfragment AdvertiserCreative on Creative {\n  id\n  campaignId\n  ...CreativeCard\n  clickUrl\n  rejectionReason\n  createdAt\n}"): (typeof documents)["fragment AdvertiserCampaign on Campaign {\n  id\n  ...CampaignCard\n  conversionPixelUrl\n}\n\nfragment AdvertiserCreative on Creative {\n  id\n  campaignId\n  ...CreativeCard\n  clickUrl\n  rejectionReason\n  createdAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment AdvertiserKeyFigures on AdvertiserStats {\n  impressions\n  clicks\n  ctr\n  spend\n  conversions\n  monthOverMonth {\n    impressions\n    clicks\n    ctr\n    spend\n    conversions\n  }\n}\n\nquery AdvertiserLiveFigures {\n  advertiserStats {\n    ...AdvertiserKeyFigures\n  }\n}"): (typeof documents)["fragment AdvertiserKeyFigures on AdvertiserStats {\n  impressions\n  clicks\n  ctr\n  spend\n  conversions\n  monthOverMonth {\n    impressions\n    clicks\n    ctr\n    spend\n    conversions\n  }\n}\n\nquery AdvertiserLiveFigures {\n  advertiserStats {\n    ...AdvertiserKeyFigures\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdvertiserReport($input: ReportInput!) {\n  advertiserReport(input: $input) {\n    from\n    to\n    timeZone\n    granularity\n    breakdown\n    totals {\n      ...AdvertiserReportRow\n    }\n    series {\n      ...AdvertiserReportRow\n    }\n    previousSeries {\n      ...AdvertiserReportRow\n    }\n    rows {\n      ...AdvertiserReportRow\n    }\n    totalRows\n    offset\n    limit\n  }\n}\n\nfragment AdvertiserReportRow on AdvertiserReportRow {\n  key\n  label\n  impressions\n  clicks\n  ctr\n  spend\n  conversions\n  conversionRate\n  ecpm\n  cpc\n  cpa\n}"): (typeof documents)["query AdvertiserReport($input: ReportInput!) {\n  advertiserReport(input: $input) {\n    from\n    to\n    timeZone\n    granularity\n    breakdown\n    totals {\n      ...AdvertiserReportRow\n    }\n    series {\n      ...AdvertiserReportRow\n    }\n    previousSeries {\n      ...AdvertiserReportRow\n    }\n    rows {\n      ...AdvertiserReportRow\n    }\n    totalRows\n    offset\n    limit\n  }\n}\n\nfragment AdvertiserReportRow on AdvertiserReportRow {\n  key\n  label\n  impressions\n  clicks\n  ctr\n  spend\n  conversions\n  conversionRate\n  ecpm\n  cpc\n  cpa\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateCampaign($input: CreateCampaignInput!) {\n  createCampaign(input: $input) {\n    ...AdvertiserCampaign\n  }\n}"): (typeof documents)["mutation CreateCampaign($input: CreateCampaignInput!) {\n  createCampaign(input: $input) {\n    ...AdvertiserCampaign\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateCreative($input: CreateCreativeInput!) {\n  createCreative(input: $input) {\n    ...AdvertiserCreative\n  }\n}"): (typeof documents)["mutation CreateCreative($input: CreateCreativeInput!) {\n  createCreative(input: $input) {\n    ...AdvertiserCreative\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment DepositRequestFields on DepositRequest {\n  id\n  reference\n  amount\n  status\n  received\n  createdAt\n  receivedAt\n}\n\nquery MyFunds {\n  myFunds {\n    balance\n    available\n    deposits\n    credits\n    spent\n    creditLimit\n    spendLast30Days\n    daysLeft\n    lowBalance\n    minDeposit\n    bank {\n      accountName\n      bankName\n      iban\n      bic\n    }\n    paymentMethods {\n      method\n      label\n      available\n      note\n    }\n    requests {\n      ...DepositRequestFields\n    }\n  }\n}\n\nmutation RequestDeposit($amount: Float!) {\n  requestDeposit(amount: $amount) {\n    ...DepositRequestFields\n  }\n}"): (typeof documents)["fragment DepositRequestFields on DepositRequest {\n  id\n  reference\n  amount\n  status\n  received\n  createdAt\n  receivedAt\n}\n\nquery MyFunds {\n  myFunds {\n    balance\n    available\n    deposits\n    credits\n    spent\n    creditLimit\n    spendLast30Days\n    daysLeft\n    lowBalance\n    minDeposit\n    bank {\n      accountName\n      bankName\n      iban\n      bic\n    }\n    paymentMethods {\n      method\n      label\n      available\n      note\n    }\n    requests {\n      ...DepositRequestFields\n    }\n  }\n}\n\nmutation RequestDeposit($amount: Float!) {\n  requestDeposit(amount: $amount) {\n    ...DepositRequestFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation PauseCampaign($id: Int!) {\n  pauseCampaign(id: $id) {\n    id\n    status\n  }\n}"): (typeof documents)["mutation PauseCampaign($id: Int!) {\n  pauseCampaign(id: $id) {\n    id\n    status\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ResumeCampaign($id: Int!) {\n  resumeCampaign(id: $id) {\n    id\n    status\n  }\n}"): (typeof documents)["mutation ResumeCampaign($id: Int!) {\n  resumeCampaign(id: $id) {\n    id\n    status\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateCreative($id: Int!, $input: CreativeContentInput!) {\n  updateCreative(id: $id, input: $input) {\n    ...AdvertiserCreative\n  }\n}"): (typeof documents)["mutation UpdateCreative($id: Int!, $input: CreativeContentInput!) {\n  updateCreative(id: $id, input: $input) {\n    ...AdvertiserCreative\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    accessToken\n    user {\n      ...SessionUser\n    }\n  }\n}"): (typeof documents)["mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    accessToken\n    user {\n      ...SessionUser\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Logout {\n  logout\n}"): (typeof documents)["mutation Logout {\n  logout\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Me {\n  me {\n    ...SessionUser\n  }\n}"): (typeof documents)["query Me {\n  me {\n    ...SessionUser\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    id\n  }\n}"): (typeof documents)["mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    id\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment SessionUser on User {\n  id\n  email\n  fullName\n  role\n}"): (typeof documents)["fragment SessionUser on User {\n  id\n  email\n  fullName\n  role\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SendContactMessage($input: ContactMessageInput!) {\n  sendContactMessage(input: $input) {\n    id\n  }\n}"): (typeof documents)["mutation SendContactMessage($input: ContactMessageInput!) {\n  sendContactMessage(input: $input) {\n    id\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateAdZone($input: CreateAdZoneInput!) {\n  createAdZone(input: $input) {\n    ...PublisherAdZone\n  }\n}"): (typeof documents)["mutation CreateAdZone($input: CreateAdZoneInput!) {\n  createAdZone(input: $input) {\n    ...PublisherAdZone\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateSite($input: CreateSiteInput!) {\n  createSite(input: $input) {\n    ...PublisherSite\n  }\n}"): (typeof documents)["mutation CreateSite($input: CreateSiteInput!) {\n  createSite(input: $input) {\n    ...PublisherSite\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PublisherDashboard {\n  publisherStats {\n    ...PublisherKeyFigures\n  }\n  mySites {\n    ...PublisherSite\n  }\n  myAdZones {\n    ...PublisherAdZone\n  }\n  myBalance {\n    available\n    minimumPayout\n    canRequestPayout\n  }\n  myPayouts {\n    ...PublisherPayout\n  }\n}"): (typeof documents)["query PublisherDashboard {\n  publisherStats {\n    ...PublisherKeyFigures\n  }\n  mySites {\n    ...PublisherSite\n  }\n  myAdZones {\n    ...PublisherAdZone\n  }\n  myBalance {\n    available\n    minimumPayout\n    canRequestPayout\n  }\n  myPayouts {\n    ...PublisherPayout\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment PublisherSite on Site {\n  id\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  monthlyImpressions\n  createdAt\n}\n\nfragment PublisherAdZone on AdZone {\n  id\n  siteId\n  siteName\n  name\n  width\n  height\n  format\n  position\n  adTag\n}\n\nfragment PublisherPayout on Payout {\n  id\n  amount\n  status\n  createdAt\n  paidAt\n}"): (typeof documents)["fragment PublisherSite on Site {\n  id\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  monthlyImpressions\n  createdAt\n}\n\nfragment PublisherAdZone on AdZone {\n  id\n  siteId\n  siteName\n  name\n  width\n  height\n  format\n  position\n  adTag\n}\n\nfragment PublisherPayout on Payout {\n  id\n  amount\n  status\n  createdAt\n  paidAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment PublisherKeyFigures on PublisherStats {\n  impressions\n  clicks\n  ctr\n  revenue\n  fillRate\n  monthOverMonth {\n    impressions\n    clicks\n    ctr\n    revenue\n    fillRate\n  }\n}\n\nquery PublisherLiveFigures {\n  publisherStats {\n    ...PublisherKeyFigures\n  }\n}"): (typeof documents)["fragment PublisherKeyFigures on PublisherStats {\n  impressions\n  clicks\n  ctr\n  revenue\n  fillRate\n  monthOverMonth {\n    impressions\n    clicks\n    ctr\n    revenue\n    fillRate\n  }\n}\n\nquery PublisherLiveFigures {\n  publisherStats {\n    ...PublisherKeyFigures\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PublisherReport($input: ReportInput!) {\n  publisherReport(input: $input) {\n    from\n    to\n    timeZone\n    granularity\n    breakdown\n    totals {\n      ...PublisherReportRow\n    }\n    series {\n      ...PublisherReportRow\n    }\n    previousSeries {\n      ...PublisherReportRow\n    }\n    rows {\n      ...PublisherReportRow\n    }\n    totalRows\n    offset\n    limit\n  }\n}\n\nfragment PublisherReportRow on PublisherReportRow {\n  key\n  label\n  requests\n  impressions\n  fillRate\n  clicks\n  ctr\n  revenue\n  ecpm\n}"): (typeof documents)["query PublisherReport($input: ReportInput!) {\n  publisherReport(input: $input) {\n    from\n    to\n    timeZone\n    granularity\n    breakdown\n    totals {\n      ...PublisherReportRow\n    }\n    series {\n      ...PublisherReportRow\n    }\n    previousSeries {\n      ...PublisherReportRow\n    }\n    rows {\n      ...PublisherReportRow\n    }\n    totalRows\n    offset\n    limit\n  }\n}\n\nfragment PublisherReportRow on PublisherReportRow {\n  key\n  label\n  requests\n  impressions\n  fillRate\n  clicks\n  ctr\n  revenue\n  ecpm\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RequestPayout {\n  requestPayout {\n    ...PublisherPayout\n  }\n}"): (typeof documents)["mutation RequestPayout {\n  requestPayout {\n    ...PublisherPayout\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ChangePassword($input: ChangePasswordInput!) {\n  changePassword(input: $input) {\n    accessToken\n    user {\n      ...SessionUser\n    }\n  }\n}"): (typeof documents)["mutation ChangePassword($input: ChangePasswordInput!) {\n  changePassword(input: $input) {\n    accessToken\n    user {\n      ...SessionUser\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProfile($input: UpdateProfileInput!) {\n  updateProfile(input: $input) {\n    ...SessionUser\n  }\n}"): (typeof documents)["mutation UpdateProfile($input: UpdateProfileInput!) {\n  updateProfile(input: $input) {\n    ...SessionUser\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;