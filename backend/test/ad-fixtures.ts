import { randomBytes } from "node:crypto";
import type { AdvertiserCategory } from "../src/modules/campaigns/advertiser-categories";
import type { PricingModel } from "../src/modules/campaigns/campaign.entity";
import { newBatchId, writeBatch } from "../src/modules/delivery/counting/batch-writer";
import { statRow } from "../src/modules/delivery/counting/counted-events";
import type { InvalidRow, StatRow } from "../src/modules/delivery/counting/counted-events";
import { StatTable } from "../src/modules/delivery/counting/stat-table";
import { ownersOf } from "../src/modules/delivery/counting/old-event-owners";
import { Account, approvedSite, createCampaign, signInAdmin, signUp } from "./factories";
import { TestApp } from "./test-app";

/** A desktop browser's user agent: the ad server refuses automation and crawlers. */
export const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/**
 * An app that turns away none of a test's traffic for its rate, its timing or its budget: the
 * counting tests send many beacons from one address at once, on campaigns of a dollar or ten.
 */
export const UNTHROTTLED_APP = {
  MIN_CAMPAIGN_BUDGET: "1",
  IP_IMPRESSIONS_PER_MINUTE: "1000000",
  IP_REQUESTS_PER_MINUTE: "1000000",
  IP_CLICKS_PER_HOUR: "1000000",
  MIN_CLICK_DELAY_MS: "0",
};

export interface LiveAd {
  admin: Account;
  publisher: Account;
  advertiser: Account;
  site: { id: number; domain: string };
  zoneId: number;
  campaignId: number;
  creativeId: number;
  /** A page on the publisher's site, where the tag runs. */
  page: string;
}

export interface AdOptions {
  cpm?: number;
  budget?: number;
  countries?: string[];
  zoneSize?: [number, number];
  creativeSize?: [number, number];
  format?: string;
  creativeType?: string;
  startDate?: string;
  endDate?: string;
  /** What the advertiser has paid in, in micros; plenty unless given (0 for nothing). */
  funds?: number;
  frequencyCaps?: { count: number; per: string }[];
  /** The campaign's pricing model and bid in dollars (per thousand impressions, click or conversion); a CPM at `cpm` unless given. */
  pricing?: { model: `${PricingModel}`; bid: number };
  /** One of ADVERTISER_CATEGORIES; general unless given. */
  category?: AdvertiserCategory;
  /** Delivery settings, the cap in dollars; the campaign's defaults (even pacing and rotation, no cap) unless given. */
  pacing?: "even" | "asap";
  dailyCap?: number;
  rotation?: "even" | "optimised";
  /** The campaign's targeting document, as REST takes it. */
  targeting?: Record<string, unknown>;
  /** A video creative's file, its length and the seconds before it may be skipped; a picture at a fixed address unless given, not skippable unless said. */
  video?: { url: string; durationSeconds?: number; skipAfterSeconds?: number };
}

async function gqlData(t: TestApp, query: string, variables: Record<string, unknown>, token: string) {
  const result = await t.gql(query, variables, token);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!;
}

let sizesHandedOut = 0;
/**
 * Every campaign fits every zone of its shape, so each fixture gets a shape of its own unless a
 * test asks for one: ads from other tests in the file then never compete for its zones.
 */
export const uniqueSize = (): [number, number] => [300 + ++sizesHandedOut, 250];

export async function createZone(t: TestApp, publisher: Account, siteId: number, size: [number, number], format = "banner") {
  const data = await gqlData(
    t,
    `mutation($input: CreateAdZoneInput!) { createAdZone(input: $input) { id } }`,
    { input: { siteId, name: "Sidebar", width: size[0], height: size[1], format, position: "sidebar" } },
    publisher.token,
  );
  return data.createAdZone.id as number;
}

/** An approved campaign with one approved creative, for an existing advertiser. */
export async function approvedCampaign(t: TestApp, advertiser: Account, admin: Account, options: AdOptions = {}) {
  const campaign = await createCampaign(t, advertiser, {
    name: `Campaign ${randomBytes(3).toString("hex")}`,
    budget: options.budget ?? 1000,
    ...(options.pricing ? { cpm: undefined, pricing_model: options.pricing.model, bid: options.pricing.bid } : { cpm: options.cpm ?? 4 }),
    target_countries: options.countries ?? [],
    start_date: options.startDate,
    end_date: options.endDate,
    frequency_caps: options.frequencyCaps,
    category: options.category,
    pacing: options.pacing,
    daily_cap: options.dailyCap,
    rotation: options.rotation,
    targeting: options.targeting,
  });
  await gqlData(t, `mutation { approveCampaign(id: ${campaign.id}) { status } }`, {}, admin.token);
  const creativeId = await approvedCreative(t, advertiser, admin, campaign.id, options.creativeSize ?? options.zoneSize ?? [300, 250], options.creativeType, options.video);
  return { campaignId: campaign.id as number, creativeId };
}

/** One more approved creative for a campaign. */
export async function approvedCreative(
  t: TestApp,
  advertiser: Account,
  admin: Account,
  campaignId: number,
  [width, height]: [number, number],
  type = "image",
  video?: AdOptions["video"],
) {
  // A video creative says how long it plays unless the test is about one that does not.
  const clip = type === "video" ? (video ?? { url: "https://cdn.example.com/spot.mp4", durationSeconds: 15 }) : video;
  const created = await gqlData(
    t,
    `mutation($input: CreateCreativeInput!) { createCreative(input: $input) { id } }`,
    {
      input: {
        campaignId,
        name: "Banner",
        type,
        contentUrl: clip?.url ?? "https://cdn.example.com/banner.png",
        clickUrl: "https://shop.example.com/sale",
        width,
        height,
        durationSeconds: clip?.durationSeconds,
        skipAfterSeconds: clip?.skipAfterSeconds,
      },
    },
    advertiser.token,
  );
  await gqlData(t, `mutation { approveCreative(id: ${created.createCreative.id}) { status } }`, {}, admin.token);
  return created.createCreative.id as number;
}

/** Changes a campaign's pricing model and bid as its advertiser does, through the campaign API. */
export async function setPricing(t: TestApp, ad: LiveAd, { model, bid }: NonNullable<AdOptions["pricing"]>): Promise<void> {
  const response = await t.rest("PUT", `/advertiser/campaigns/${ad.campaignId}`, { token: ad.advertiser.token, body: { pricing_model: model, bid } });
  if (response.status !== 200) throw new Error(`update campaign failed: ${JSON.stringify(response.body)}`);
}

/** A publisher's approved site with a zone, and an advertiser's live campaign that fits it. */
export async function liveAd(t: TestApp, requested: AdOptions = {}): Promise<LiveAd> {
  const options = { zoneSize: uniqueSize(), ...requested };
  const admin = await signInAdmin(t);
  const publisher = await signUp(t, "publisher");
  const advertiser = await signUp(t, "advertiser", {}, { funds: options.funds });
  const site = await approvedSite(t, publisher, admin);
  const zoneId = await createZone(t, publisher, site.id, options.zoneSize, options.format);
  const { campaignId, creativeId } = await approvedCampaign(t, advertiser, admin, options);
  await t.app.services.delivery.inventory.reload();
  return { admin, publisher, advertiser, site, zoneId, campaignId, creativeId, page: `https://${site.domain}/articles/1` };
}

export interface Visitor {
  page?: string;
  country?: string;
  userAgent?: string;
  origin?: string;
}

function visitorHeaders(visitor: Visitor): Record<string, string> {
  return {
    "user-agent": visitor.userAgent ?? BROWSER_UA,
    ...(visitor.country ? { "cf-ipcountry": visitor.country } : {}),
    ...(visitor.origin ? { origin: visitor.origin } : {}),
  };
}

/** Asks the decision endpoint for an ad, as the network script does. */
export async function requestAd(t: TestApp, zoneId: number | string, visitor: Visitor = {}) {
  const page = visitor.page === undefined ? "" : `&page=${encodeURIComponent(visitor.page)}`;
  const response = await fetch(`${t.url}/serve?zone=${zoneId}${page}`, { headers: visitorHeaders(visitor) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}

export async function sendBeacon(url: string, visitor: Visitor = {}) {
  return fetch(url, { method: "POST", headers: visitorHeaders(visitor) });
}

export async function followClick(url: string, visitor: Visitor = {}) {
  return fetch(url, { redirect: "manual", headers: visitorHeaders(visitor) });
}

export async function publisherStats(t: TestApp, publisher: Account) {
  const data = await gqlData(t, `{ publisherStats { impressions clicks ctr revenue fillRate } myBalance { earned } }`, {}, publisher.token);
  return { ...data.publisherStats, balance: data.myBalance.earned };
}

export async function advertiserStats(t: TestApp, advertiser: Account) {
  const data = await gqlData(
    t,
    `{ advertiserStats { impressions clicks ctr spend conversions } myCampaigns { id status spend impressions clicks conversions conversionPixelUrl } }`,
    {},
    advertiser.token,
  );
  return { ...data.advertiserStats, campaigns: data.myCampaigns as Record<string, any>[] };
}

export async function trafficQuality(t: TestApp, admin: Account) {
  const data = await gqlData(t, `{ trafficQuality { impressions clicks invalidEvents invalidShare byReason { event reason events share } } }`, {}, admin.token);
  return data.trafficQuality as { impressions: number; clicks: number; invalidEvents: number; byReason: { event: string; reason: string; events: number }[] };
}

/** Today's counted impressions of the whole network by consent state, as the admin's network report tells them (what the log holds is flushed first). */
export async function consentImpressions(t: TestApp, admin: Account): Promise<Record<string, number>> {
  await t.app.services.delivery.flush();
  const today = new Date().toISOString().slice(0, 10);
  const data = await gqlData(t, `query ($input: ReportInput!) { networkReport(input: $input) { consent { state impressions } } }`, { input: { from: today, to: today } }, admin.token);
  return Object.fromEntries((data.networkReport.consent as { state: string; impressions: number }[]).map((row) => [row.state, row.impressions]));
}

/** Does `act` and tells which consent states the network's impressions gained meanwhile, by how many (states unmoved left out). */
export async function consentGained<T>(t: TestApp, admin: Account, act: () => Promise<T>): Promise<{ result: T; counted: Record<string, number> }> {
  const before = await consentImpressions(t, admin);
  const result = await act();
  const after = await consentImpressions(t, admin);
  const moved = Object.entries(after).filter(([state, count]) => count !== (before[state] ?? 0));
  return { result, counted: Object.fromEntries(moved.map(([state, count]) => [state, count - (before[state] ?? 0)])) };
}

/** Serves an ad and sends its impression beacon from a real-looking page. */
export async function showAd(t: TestApp, ad: LiveAd, visitor: Visitor = {}) {
  const served = await requestAd(t, ad.zoneId, { page: ad.page, ...visitor });
  if (!served.body.fill) throw new Error(`expected an ad, got ${JSON.stringify(served.body)}`);
  const beacon = await sendBeacon(served.body.impressionUrl, { origin: `https://${ad.site.domain}`, ...visitor });
  return { served: served.body, beacon };
}

/** Refused events as the ad server's batches write them, for a test to place at chosen hours. */
export async function recordRefused(t: TestApp, rows: InvalidRow[]): Promise<void> {
  await writeBatch(t.app.dataSource, { id: newBatchId(), stats: StatTable.of([]), invalid: rows, money: [], clicks: [], completed: [] });
}

/** Counted events at set moments, written as the ad server's writer writes them, read model included. */
export async function recordCounts(t: TestApp, rows: (Partial<Omit<StatRow, "hour">> & { hour: Date; zoneId: number })[]): Promise<void> {
  const ids = (pick: (row: (typeof rows)[number]) => number) => [...new Set(rows.map(pick))].filter((id) => id > 0);
  const owners = await ownersOf(t.app.dataSource.manager, ids((row) => row.zoneId), ids((row) => row.campaignId ?? 0));
  const stats = rows.map(({ hour, ...row }) => {
    const campaignId = row.campaignId ?? 0;
    return statRow({ creativeId: 0, country: "US", ...owners(row.zoneId, campaignId), ...row, campaignId, atMs: hour.getTime() }, row);
  });
  await writeBatch(t.app.dataSource, { id: newBatchId(), stats: StatTable.of(stats), invalid: [], money: [], clicks: [], completed: [] });
}
