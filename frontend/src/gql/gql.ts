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
    "query AdminDashboard {\n  adminStats {\n    totalUsers\n    pendingSites\n    pendingCampaigns\n    pendingCreatives\n    activeCampaigns\n    requestedPayouts\n    monthlyRevenue\n    monthlyRevenueChange\n  }\n  sites {\n    ...AdminSite\n  }\n  campaigns {\n    ...AdminCampaign\n  }\n  creatives(status: PENDING) {\n    ...AdminCreative\n  }\n  payouts(status: REQUESTED) {\n    ...AdminPayout\n  }\n  contactMessages {\n    id\n    name\n    email\n    subject\n    message\n    createdAt\n  }\n}": typeof types.AdminDashboardDocument,
    "fragment AdminSite on Site {\n  id\n  publisherId\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  createdAt\n}\n\nfragment AdminCampaign on Campaign {\n  id\n  advertiserId\n  ...CampaignCard\n}\n\nfragment AdminCreative on Creative {\n  id\n  campaignId\n  ...CreativeCard\n  clickUrl\n  createdAt\n}\n\nfragment AdminPayout on Payout {\n  id\n  publisherId\n  amount\n  status\n  createdAt\n  paidAt\n}\n\nfragment AdminPublisher on PublisherAccount {\n  id\n  email\n  fullName\n  revenueSharePercent\n  customRevenueShare\n  createdAt\n}": typeof types.AdminSiteFragmentDoc,
    "query AdminPublishers {\n  publishers {\n    ...AdminPublisher\n  }\n}": typeof types.AdminPublishersDocument,
    "mutation ApproveCampaign($id: Int!) {\n  approveCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation RejectCampaign($id: Int!, $reason: String!) {\n  rejectCampaign(id: $id, reason: $reason) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminPauseCampaign($id: Int!) {\n  pauseCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminResumeCampaign($id: Int!) {\n  resumeCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}": typeof types.ApproveCampaignDocument,
    "mutation MarkPayoutPaid($id: Int!) {\n  markPayoutPaid(id: $id) {\n    ...AdminPayout\n  }\n}": typeof types.MarkPayoutPaidDocument,
    "mutation ApproveCreative($id: Int!) {\n  approveCreative(id: $id) {\n    ...AdminCreative\n  }\n}\n\nmutation RejectCreative($id: Int!, $reason: String!) {\n  rejectCreative(id: $id, reason: $reason) {\n    ...AdminCreative\n  }\n}": typeof types.ApproveCreativeDocument,
    "mutation ApproveSite($id: Int!) {\n  approveSite(id: $id) {\n    ...AdminSite\n  }\n}\n\nmutation RejectSite($id: Int!, $reason: String!) {\n  rejectSite(id: $id, reason: $reason) {\n    ...AdminSite\n  }\n}": typeof types.ApproveSiteDocument,
    "mutation SetRevenueShare($publisherId: Int!, $percent: Int!) {\n  setRevenueShare(publisherId: $publisherId, percent: $percent) {\n    ...AdminPublisher\n  }\n}": typeof types.SetRevenueShareDocument,
    "query TrafficQuality {\n  trafficQuality {\n    impressions\n    clicks\n    invalidEvents\n    invalidShare\n    byReason {\n      event\n      reason\n      events\n      share\n    }\n  }\n}": typeof types.TrafficQualityDocument,
    "query AdvertiserDashboard {\n  advertiserStats {\n    impressions\n    clicks\n    ctr\n    spend\n    conversions\n    monthOverMonth {\n      impressions\n      clicks\n      ctr\n      spend\n      conversions\n    }\n  }\n  myCampaigns {\n    ...AdvertiserCampaign\n  }\n  myCreatives {\n    ...AdvertiserCreative\n  }\n}": typeof types.AdvertiserDashboardDocument,
    "fragment AdvertiserCampaign on Campaign {\n  id\n  ...CampaignCard\n  conversionPixelUrl\n}\n\nfragment AdvertiserCreative on Creative {\n  id\n  campaignId\n  ...CreativeCard\n  clickUrl\n  rejectionReason\n  createdAt\n}": typeof types.AdvertiserCampaignFragmentDoc,
    "mutation CreateCampaign($input: CreateCampaignInput!) {\n  createCampaign(input: $input) {\n    ...AdvertiserCampaign\n  }\n}": typeof types.CreateCampaignDocument,
    "mutation CreateCreative($input: CreateCreativeInput!) {\n  createCreative(input: $input) {\n    ...AdvertiserCreative\n  }\n}": typeof types.CreateCreativeDocument,
    "mutation PauseCampaign($id: Int!) {\n  pauseCampaign(id: $id) {\n    id\n    status\n  }\n}": typeof types.PauseCampaignDocument,
    "mutation ResumeCampaign($id: Int!) {\n  resumeCampaign(id: $id) {\n    id\n    status\n  }\n}": typeof types.ResumeCampaignDocument,
    "mutation UpdateCreative($id: Int!, $input: CreativeContentInput!) {\n  updateCreative(id: $id, input: $input) {\n    ...AdvertiserCreative\n  }\n}": typeof types.UpdateCreativeDocument,
    "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    accessToken\n    user {\n      ...SessionUser\n    }\n  }\n}": typeof types.LoginDocument,
    "query Me {\n  me {\n    ...SessionUser\n  }\n}": typeof types.MeDocument,
    "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    id\n  }\n}": typeof types.RegisterDocument,
    "fragment SessionUser on User {\n  id\n  email\n  fullName\n  role\n}": typeof types.SessionUserFragmentDoc,
    "mutation SendContactMessage($input: ContactMessageInput!) {\n  sendContactMessage(input: $input) {\n    id\n  }\n}": typeof types.SendContactMessageDocument,
    "mutation CreateAdZone($input: CreateAdZoneInput!) {\n  createAdZone(input: $input) {\n    ...PublisherAdZone\n  }\n}": typeof types.CreateAdZoneDocument,
    "mutation CreateSite($input: CreateSiteInput!) {\n  createSite(input: $input) {\n    ...PublisherSite\n  }\n}": typeof types.CreateSiteDocument,
    "query PublisherDashboard {\n  publisherStats {\n    impressions\n    clicks\n    ctr\n    revenue\n    fillRate\n    monthOverMonth {\n      impressions\n      clicks\n      ctr\n      revenue\n      fillRate\n    }\n  }\n  mySites {\n    ...PublisherSite\n  }\n  myAdZones {\n    ...PublisherAdZone\n  }\n  myBalance {\n    available\n    minimumPayout\n    canRequestPayout\n  }\n  myPayouts {\n    ...PublisherPayout\n  }\n}": typeof types.PublisherDashboardDocument,
    "fragment PublisherSite on Site {\n  id\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  monthlyImpressions\n  createdAt\n}\n\nfragment PublisherAdZone on AdZone {\n  id\n  siteId\n  siteName\n  name\n  width\n  height\n  format\n  position\n  adTag\n}\n\nfragment PublisherPayout on Payout {\n  id\n  amount\n  status\n  createdAt\n  paidAt\n}": typeof types.PublisherSiteFragmentDoc,
    "mutation RequestPayout {\n  requestPayout {\n    ...PublisherPayout\n  }\n}": typeof types.RequestPayoutDocument,
    "mutation ChangePassword($input: ChangePasswordInput!) {\n  changePassword(input: $input) {\n    accessToken\n    user {\n      ...SessionUser\n    }\n  }\n}": typeof types.ChangePasswordDocument,
    "mutation UpdateProfile($input: UpdateProfileInput!) {\n  updateProfile(input: $input) {\n    ...SessionUser\n  }\n}": typeof types.UpdateProfileDocument,
};
const documents: Documents = {
    "fragment CampaignCard on Campaign {\n  name\n  budget\n  cpm\n  status\n  rejectionReason\n  impressions\n  clicks\n  ctr\n  spend\n  targetCountries\n  startDate\n  endDate\n  createdAt\n  deliveryIssue\n}": types.CampaignCardFragmentDoc,
    "fragment CreativeCard on Creative {\n  name\n  type\n  width\n  height\n  status\n  contentUrl\n}": types.CreativeCardFragmentDoc,
    "query AdminDashboard {\n  adminStats {\n    totalUsers\n    pendingSites\n    pendingCampaigns\n    pendingCreatives\n    activeCampaigns\n    requestedPayouts\n    monthlyRevenue\n    monthlyRevenueChange\n  }\n  sites {\n    ...AdminSite\n  }\n  campaigns {\n    ...AdminCampaign\n  }\n  creatives(status: PENDING) {\n    ...AdminCreative\n  }\n  payouts(status: REQUESTED) {\n    ...AdminPayout\n  }\n  contactMessages {\n    id\n    name\n    email\n    subject\n    message\n    createdAt\n  }\n}": types.AdminDashboardDocument,
    "fragment AdminSite on Site {\n  id\n  publisherId\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  createdAt\n}\n\nfragment AdminCampaign on Campaign {\n  id\n  advertiserId\n  ...CampaignCard\n}\n\nfragment AdminCreative on Creative {\n  id\n  campaignId\n  ...CreativeCard\n  clickUrl\n  createdAt\n}\n\nfragment AdminPayout on Payout {\n  id\n  publisherId\n  amount\n  status\n  createdAt\n  paidAt\n}\n\nfragment AdminPublisher on PublisherAccount {\n  id\n  email\n  fullName\n  revenueSharePercent\n  customRevenueShare\n  createdAt\n}": types.AdminSiteFragmentDoc,
    "query AdminPublishers {\n  publishers {\n    ...AdminPublisher\n  }\n}": types.AdminPublishersDocument,
    "mutation ApproveCampaign($id: Int!) {\n  approveCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation RejectCampaign($id: Int!, $reason: String!) {\n  rejectCampaign(id: $id, reason: $reason) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminPauseCampaign($id: Int!) {\n  pauseCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminResumeCampaign($id: Int!) {\n  resumeCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}": types.ApproveCampaignDocument,
    "mutation MarkPayoutPaid($id: Int!) {\n  markPayoutPaid(id: $id) {\n    ...AdminPayout\n  }\n}": types.MarkPayoutPaidDocument,
    "mutation ApproveCreative($id: Int!) {\n  approveCreative(id: $id) {\n    ...AdminCreative\n  }\n}\n\nmutation RejectCreative($id: Int!, $reason: String!) {\n  rejectCreative(id: $id, reason: $reason) {\n    ...AdminCreative\n  }\n}": types.ApproveCreativeDocument,
    "mutation ApproveSite($id: Int!) {\n  approveSite(id: $id) {\n    ...AdminSite\n  }\n}\n\nmutation RejectSite($id: Int!, $reason: String!) {\n  rejectSite(id: $id, reason: $reason) {\n    ...AdminSite\n  }\n}": types.ApproveSiteDocument,
    "mutation SetRevenueShare($publisherId: Int!, $percent: Int!) {\n  setRevenueShare(publisherId: $publisherId, percent: $percent) {\n    ...AdminPublisher\n  }\n}": types.SetRevenueShareDocument,
    "query TrafficQuality {\n  trafficQuality {\n    impressions\n    clicks\n    invalidEvents\n    invalidShare\n    byReason {\n      event\n      reason\n      events\n      share\n    }\n  }\n}": types.TrafficQualityDocument,
    "query AdvertiserDashboard {\n  advertiserStats {\n    impressions\n    clicks\n    ctr\n    spend\n    conversions\n    monthOverMonth {\n      impressions\n      clicks\n      ctr\n      spend\n      conversions\n    }\n  }\n  myCampaigns {\n    ...AdvertiserCampaign\n  }\n  myCreatives {\n    ...AdvertiserCreative\n  }\n}": types.AdvertiserDashboardDocument,
    "fragment AdvertiserCampaign on Campaign {\n  id\n  ...CampaignCard\n  conversionPixelUrl\n}\n\nfragment AdvertiserCreative on Creative {\n  id\n  campaignId\n  ...CreativeCard\n  clickUrl\n  rejectionReason\n  createdAt\n}": types.AdvertiserCampaignFragmentDoc,
    "mutation CreateCampaign($input: CreateCampaignInput!) {\n  createCampaign(input: $input) {\n    ...AdvertiserCampaign\n  }\n}": types.CreateCampaignDocument,
    "mutation CreateCreative($input: CreateCreativeInput!) {\n  createCreative(input: $input) {\n    ...AdvertiserCreative\n  }\n}": types.CreateCreativeDocument,
    "mutation PauseCampaign($id: Int!) {\n  pauseCampaign(id: $id) {\n    id\n    status\n  }\n}": types.PauseCampaignDocument,
    "mutation ResumeCampaign($id: Int!) {\n  resumeCampaign(id: $id) {\n    id\n    status\n  }\n}": types.ResumeCampaignDocument,
    "mutation UpdateCreative($id: Int!, $input: CreativeContentInput!) {\n  updateCreative(id: $id, input: $input) {\n    ...AdvertiserCreative\n  }\n}": types.UpdateCreativeDocument,
    "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    accessToken\n    user {\n      ...SessionUser\n    }\n  }\n}": types.LoginDocument,
    "query Me {\n  me {\n    ...SessionUser\n  }\n}": types.MeDocument,
    "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    id\n  }\n}": types.RegisterDocument,
    "fragment SessionUser on User {\n  id\n  email\n  fullName\n  role\n}": types.SessionUserFragmentDoc,
    "mutation SendContactMessage($input: ContactMessageInput!) {\n  sendContactMessage(input: $input) {\n    id\n  }\n}": types.SendContactMessageDocument,
    "mutation CreateAdZone($input: CreateAdZoneInput!) {\n  createAdZone(input: $input) {\n    ...PublisherAdZone\n  }\n}": types.CreateAdZoneDocument,
    "mutation CreateSite($input: CreateSiteInput!) {\n  createSite(input: $input) {\n    ...PublisherSite\n  }\n}": types.CreateSiteDocument,
    "query PublisherDashboard {\n  publisherStats {\n    impressions\n    clicks\n    ctr\n    revenue\n    fillRate\n    monthOverMonth {\n      impressions\n      clicks\n      ctr\n      revenue\n      fillRate\n    }\n  }\n  mySites {\n    ...PublisherSite\n  }\n  myAdZones {\n    ...PublisherAdZone\n  }\n  myBalance {\n    available\n    minimumPayout\n    canRequestPayout\n  }\n  myPayouts {\n    ...PublisherPayout\n  }\n}": types.PublisherDashboardDocument,
    "fragment PublisherSite on Site {\n  id\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  monthlyImpressions\n  createdAt\n}\n\nfragment PublisherAdZone on AdZone {\n  id\n  siteId\n  siteName\n  name\n  width\n  height\n  format\n  position\n  adTag\n}\n\nfragment PublisherPayout on Payout {\n  id\n  amount\n  status\n  createdAt\n  paidAt\n}": types.PublisherSiteFragmentDoc,
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
export function graphql(source: "query AdminDashboard {\n  adminStats {\n    totalUsers\n    pendingSites\n    pendingCampaigns\n    pendingCreatives\n    activeCampaigns\n    requestedPayouts\n    monthlyRevenue\n    monthlyRevenueChange\n  }\n  sites {\n    ...AdminSite\n  }\n  campaigns {\n    ...AdminCampaign\n  }\n  creatives(status: PENDING) {\n    ...AdminCreative\n  }\n  payouts(status: REQUESTED) {\n    ...AdminPayout\n  }\n  contactMessages {\n    id\n    name\n    email\n    subject\n    message\n    createdAt\n  }\n}"): (typeof documents)["query AdminDashboard {\n  adminStats {\n    totalUsers\n    pendingSites\n    pendingCampaigns\n    pendingCreatives\n    activeCampaigns\n    requestedPayouts\n    monthlyRevenue\n    monthlyRevenueChange\n  }\n  sites {\n    ...AdminSite\n  }\n  campaigns {\n    ...AdminCampaign\n  }\n  creatives(status: PENDING) {\n    ...AdminCreative\n  }\n  payouts(status: REQUESTED) {\n    ...AdminPayout\n  }\n  contactMessages {\n    id\n    name\n    email\n    subject\n    message\n    createdAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment AdminSite on Site {\n  id\n  publisherId\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  createdAt\n}\n\nfragment AdminCampaign on Campaign {\n  id\n  advertiserId\n  ...CampaignCard\n}\n\nfragment AdminCreative on Creative {\n  id\n  campaignId\n  ...CreativeCard\n  clickUrl\n  createdAt\n}\n\nfragment AdminPayout on Payout {\n  id\n  publisherId\n  amount\n  status\n  createdAt\n  paidAt\n}\n\nfragment AdminPublisher on PublisherAccount {\n  id\n  email\n  fullName\n  revenueSharePercent\n  customRevenueShare\n  createdAt\n}"): (typeof documents)["fragment AdminSite on Site {\n  id\n  publisherId\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  createdAt\n}\n\nfragment AdminCampaign on Campaign {\n  id\n  advertiserId\n  ...CampaignCard\n}\n\nfragment AdminCreative on Creative {\n  id\n  campaignId\n  ...CreativeCard\n  clickUrl\n  createdAt\n}\n\nfragment AdminPayout on Payout {\n  id\n  publisherId\n  amount\n  status\n  createdAt\n  paidAt\n}\n\nfragment AdminPublisher on PublisherAccount {\n  id\n  email\n  fullName\n  revenueSharePercent\n  customRevenueShare\n  createdAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminPublishers {\n  publishers {\n    ...AdminPublisher\n  }\n}"): (typeof documents)["query AdminPublishers {\n  publishers {\n    ...AdminPublisher\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ApproveCampaign($id: Int!) {\n  approveCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation RejectCampaign($id: Int!, $reason: String!) {\n  rejectCampaign(id: $id, reason: $reason) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminPauseCampaign($id: Int!) {\n  pauseCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminResumeCampaign($id: Int!) {\n  resumeCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}"): (typeof documents)["mutation ApproveCampaign($id: Int!) {\n  approveCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation RejectCampaign($id: Int!, $reason: String!) {\n  rejectCampaign(id: $id, reason: $reason) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminPauseCampaign($id: Int!) {\n  pauseCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}\n\nmutation AdminResumeCampaign($id: Int!) {\n  resumeCampaign(id: $id) {\n    ...AdminCampaign\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation MarkPayoutPaid($id: Int!) {\n  markPayoutPaid(id: $id) {\n    ...AdminPayout\n  }\n}"): (typeof documents)["mutation MarkPayoutPaid($id: Int!) {\n  markPayoutPaid(id: $id) {\n    ...AdminPayout\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ApproveCreative($id: Int!) {\n  approveCreative(id: $id) {\n    ...AdminCreative\n  }\n}\n\nmutation RejectCreative($id: Int!, $reason: String!) {\n  rejectCreative(id: $id, reason: $reason) {\n    ...AdminCreative\n  }\n}"): (typeof documents)["mutation ApproveCreative($id: Int!) {\n  approveCreative(id: $id) {\n    ...AdminCreative\n  }\n}\n\nmutation RejectCreative($id: Int!, $reason: String!) {\n  rejectCreative(id: $id, reason: $reason) {\n    ...AdminCreative\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ApproveSite($id: Int!) {\n  approveSite(id: $id) {\n    ...AdminSite\n  }\n}\n\nmutation RejectSite($id: Int!, $reason: String!) {\n  rejectSite(id: $id, reason: $reason) {\n    ...AdminSite\n  }\n}"): (typeof documents)["mutation ApproveSite($id: Int!) {\n  approveSite(id: $id) {\n    ...AdminSite\n  }\n}\n\nmutation RejectSite($id: Int!, $reason: String!) {\n  rejectSite(id: $id, reason: $reason) {\n    ...AdminSite\n  }\n}"];
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
export function graphql(source: "query AdvertiserDashboard {\n  advertiserStats {\n    impressions\n    clicks\n    ctr\n    spend\n    conversions\n    monthOverMonth {\n      impressions\n      clicks\n      ctr\n      spend\n      conversions\n    }\n  }\n  myCampaigns {\n    ...AdvertiserCampaign\n  }\n  myCreatives {\n    ...AdvertiserCreative\n  }\n}"): (typeof documents)["query AdvertiserDashboard {\n  advertiserStats {\n    impressions\n    clicks\n    ctr\n    spend\n    conversions\n    monthOverMonth {\n      impressions\n      clicks\n      ctr\n      spend\n      conversions\n    }\n  }\n  myCampaigns {\n    ...AdvertiserCampaign\n  }\n  myCreatives {\n    ...AdvertiserCreative\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment AdvertiserCampaign on Campaign {\n  id\n  ...CampaignCard\n  conversionPixelUrl\n}\n\nfragment AdvertiserCreative on Creative {\n  id\n  campaignId\n  ...CreativeCard\n  clickUrl\n  rejectionReason\n  createdAt\n}"): (typeof documents)["fragment AdvertiserCampaign on Campaign {\n  id\n  ...CampaignCard\n  conversionPixelUrl\n}\n\nfragment AdvertiserCreative on Creative {\n  id\n  campaignId\n  ...CreativeCard\n  clickUrl\n  rejectionReason\n  createdAt\n}"];
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
export function graphql(source: "query PublisherDashboard {\n  publisherStats {\n    impressions\n    clicks\n    ctr\n    revenue\n    fillRate\n    monthOverMonth {\n      impressions\n      clicks\n      ctr\n      revenue\n      fillRate\n    }\n  }\n  mySites {\n    ...PublisherSite\n  }\n  myAdZones {\n    ...PublisherAdZone\n  }\n  myBalance {\n    available\n    minimumPayout\n    canRequestPayout\n  }\n  myPayouts {\n    ...PublisherPayout\n  }\n}"): (typeof documents)["query PublisherDashboard {\n  publisherStats {\n    impressions\n    clicks\n    ctr\n    revenue\n    fillRate\n    monthOverMonth {\n      impressions\n      clicks\n      ctr\n      revenue\n      fillRate\n    }\n  }\n  mySites {\n    ...PublisherSite\n  }\n  myAdZones {\n    ...PublisherAdZone\n  }\n  myBalance {\n    available\n    minimumPayout\n    canRequestPayout\n  }\n  myPayouts {\n    ...PublisherPayout\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment PublisherSite on Site {\n  id\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  monthlyImpressions\n  createdAt\n}\n\nfragment PublisherAdZone on AdZone {\n  id\n  siteId\n  siteName\n  name\n  width\n  height\n  format\n  position\n  adTag\n}\n\nfragment PublisherPayout on Payout {\n  id\n  amount\n  status\n  createdAt\n  paidAt\n}"): (typeof documents)["fragment PublisherSite on Site {\n  id\n  name\n  domain\n  category\n  description\n  status\n  rejectionReason\n  monthlyImpressions\n  createdAt\n}\n\nfragment PublisherAdZone on AdZone {\n  id\n  siteId\n  siteName\n  name\n  width\n  height\n  format\n  position\n  adTag\n}\n\nfragment PublisherPayout on Payout {\n  id\n  amount\n  status\n  createdAt\n  paidAt\n}"];
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