import { request } from "node:http";
import { graphql, newAccount, registeredToken, uniqueTag } from "./api";
import { baseUrl } from "./shared-server";

/** A reader's browser: the ad server shows bots and headless Chromium no ads. */
export const DESKTOP_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export interface AdSize {
  width: number;
  height: number;
}

/** A zone's settings beyond its size (CreateAdZoneInput): a banner in the page's flow when left out. */
interface ZoneSettings {
  format?: string;
  presentation?: string;
  nativeTemplate?: string;
  floor?: number;
  adCount?: number;
  layout?: string;
  houseItems?: { title: string; url: string; image?: string }[];
}

/** A publisher with an approved site on `domain` and a zone of `size` (a banner in the page's flow unless `zone` says otherwise). */
export async function publisherWithZone(
  admin: string,
  { domain, size, fullName = "Tag Publisher", zone = {} }: { domain: string; size: AdSize; fullName?: string; zone?: ZoneSettings },
) {
  const account = newAccount("PUBLISHER", fullName);
  const token = await registeredToken(account);
  const { createSite } = await graphql<{ createSite: { id: number } }>(
    "mutation ($input: CreateSiteInput!) { createSite(input: $input) { id } }",
    { input: { domain, name: `News ${domain}`, category: "news", description: "Local news." } },
    token,
  );
  await graphql(`mutation { approveSite(id: ${createSite.id}) { status } }`, {}, admin);
  const { createAdZone } = await graphql<{ createAdZone: { id: number; adTag: string } }>(
    "mutation ($input: CreateAdZoneInput!) { createAdZone(input: $input) { id adTag } }",
    { input: { siteId: createSite.id, name: "Article box", ...size, format: "banner", position: "content", ...zone } },
    token,
  );
  return { account, token, siteId: createSite.id, zoneId: createAdZone.id, adTag: createAdZone.adTag };
}

interface BannerCampaign {
  size: AdSize;
  cpm: number;
  contentUrl: string;
  clickUrl?: string;
  /** YYYY-MM-DD; the last day is the day the whole budget may be spent. */
  endDate?: string;
  /** Spend the day's budget as fast as traffic comes, rather than along the day (even pacing). */
  asap?: boolean;
  /** What the advertiser has paid in: more than the budget unless a test says 0. */
  funds?: number;
  frequencyCaps?: { count: number; per: string }[];
  /** What the advertiser sells (formOptions.advertiserCategories); general unless given. */
  category?: string;
  /** The campaign's targeting (TargetingInput). */
  targeting?: Record<string, unknown>;
  /** Other creative fields, such as a native ad's: `{ type: "native", native: {...} }`. */
  creative?: Record<string, unknown>;
  /** The advertiser's name, which a native ad's "Sponsored" label shows. */
  fullName?: string;
}

/** The advertiser announces a bank transfer and the admin records it arrived: the campaigns may spend it. */
export async function fundAdvertiser(admin: string, advertiser: string, amount: number) {
  const { requestDeposit } = await graphql<{ requestDeposit: { reference: string } }>(
    "mutation ($amount: Float!) { requestDeposit(amount: $amount) { reference } }",
    { amount },
    advertiser,
  );
  await graphql("mutation ($input: RecordDepositInput!) { recordDeposit(input: $input) { id } }", { input: { reference: requestDeposit.reference, amount } }, admin);
}

/** An advertiser's approved $500 campaign with one approved banner, paid for unless `funds` is 0. */
export async function advertiserWithBanner(admin: string, { size, cpm, contentUrl, clickUrl, endDate, asap, funds = 1000, frequencyCaps, category, targeting, creative, fullName = "Tag Advertiser" }: BannerCampaign) {
  const token = await registeredToken(newAccount("ADVERTISER", fullName));
  if (funds > 0) await fundAdvertiser(admin, token, funds);
  const { createCampaign } = await graphql<{ createCampaign: { id: number } }>(
    "mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }",
    { input: { name: `Autumn ${uniqueTag()}`, budget: 500, cpm, endDate, frequencyCaps, category, targeting, ...(asap ? { pacing: "ASAP" } : {}) } },
    token,
  );
  await graphql(`mutation { approveCampaign(id: ${createCampaign.id}) { status } }`, {}, admin);
  const { createCreative } = await graphql<{ createCreative: { id: number } }>(
    "mutation ($input: CreateCreativeInput!) { createCreative(input: $input) { id } }",
    { input: { campaignId: createCampaign.id, name: "Autumn banner", type: "image", contentUrl, clickUrl, ...size, ...creative } },
    token,
  );
  await graphql(`mutation { approveCreative(id: ${createCreative.id}) { status } }`, {}, admin);
  return { token, campaignId: createCampaign.id };
}

// Another loopback address than the browser's: the impressions sent from here count against their
// own per-IP limit, and leave the browser's visits in this and later specs their own.
const SCRIPTED_READER_ADDRESS = "127.0.0.2";

function send(method: "GET" | "POST", url: string, from = SCRIPTED_READER_ADDRESS): Promise<string> {
  return new Promise((resolve, reject) => {
    const call = request(url, { method, localAddress: from, headers: { "user-agent": DESKTOP_CHROME } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve(body));
    });
    call.on("error", reject);
    call.end();
  });
}

export const serveAd = async (zoneId: number, page: string, from?: string): Promise<{ fill: boolean; impressionUrl?: string }> =>
  JSON.parse(await send("GET", `${baseUrl()}/serve?zone=${zoneId}&page=${encodeURIComponent(page)}`, from));

/**
 * Shows an ad for `page` in the zone `count` times, sending each impression beacon, once the ad
 * server has taken in the newly approved campaign (it reloads its inventory shortly after a change).
 * A spec that must not share the per-IP limit with the others' views sends them `from` a loopback
 * address of its own.
 */
export async function viewAds(zoneId: number, page: string, count: number, from?: string) {
  await eventually(() => serveAd(zoneId, page, from), { fill: true });
  for (let i = 0; i < count; i++) {
    const served = await serveAd(zoneId, page, from);
    if (!served.fill || !served.impressionUrl) throw new Error(`Zone ${zoneId} was not filled on view ${i + 1}`);
    await send("POST", served.impressionUrl, from);
  }
}

/** The dashboards update within seconds: the ad server writes its counts about once a second. */
export async function eventually<T>(read: () => Promise<T>, expected: unknown): Promise<T> {
  const deadline = Date.now() + 15_000;
  let last = await read();
  while (Date.now() < deadline) {
    try {
      expect(last).toMatchObject(expected as object);
      return last;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
      last = await read();
    }
  }
  expect(last).toMatchObject(expected as object);
  return last;
}
