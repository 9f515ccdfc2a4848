import { DeliveryTier } from "../campaigns/campaign.entity";
import type { AdServer } from "../delivery/ad-server";
import type { ServedAd } from "../delivery/answer/served-ad";
import type { Visit } from "../delivery/request/visit";
import type { ZoneEntry } from "../delivery/model";
import { hostOf, hostOnDomain, namedHost } from "../delivery/request/page-host";
import { type PublisherControls, siteBlocksOf } from "../delivery/decision/publisher-controls";
import { isBot } from "../delivery/quality/traffic-rules";
import { vastAdOf } from "../delivery/answer/video-ad";
import { vastDocument } from "../delivery/answer/vast-document";
import type { RequestSignals } from "../targeting/request-context";
import { bannerMarkup } from "./ad-markup";
import type { BidRequest, Imp } from "./bid-request";
import { nativeMarkup } from "./native-markup";
import { blockedAdvertiserCategories, iabCategoryOf } from "./iab-categories";

/** OpenRTB 2.6 list 5.24, No-Bid Reason Codes: the ones the bidder gives. */
export const NO_BID_REASON = {
  /** OpenRTB has no code for a private auction of deals AdNet does not sell: "unknown", with the reason in ext. */
  unknownDeal: 0,
  invalidRequest: 2,
  knownCrawler: 3,
  blockedSite: 7,
  insufficientTime: 15,
} as const;

/** OpenRTB 2.6 list "Creative Markup Types" (mtype). */
const MARKUP_TYPE = { banner: 1, video: 2, native: 4 } as const;

/** The only currency the bidder prices in: dollars at this edge, micros inside. */
export const CURRENCY = "USD";

const MICROS_PER_DOLLAR = 1_000_000;

/** Where a test bid's notices go: nothing is billed nor counted. */
const TEST_NOTICE = "/openrtb2/notice?test=1";

export interface Bid {
  id: string;
  impid: string;
  price: number;
  adm: string;
  crid: string;
  adomain: string[];
  cat: string[];
  w: number;
  h: number;
  mtype: number;
  burl: string;
  /** A partner's win notice: the billing notice's link, so calling both bills once. */
  nurl?: string;
  lurl: string;
  exp: number;
  /** The private marketplace deal the bid is made through, at its campaign's fixed price. */
  dealid?: string;
}

/** The bids of a request, or why it gets none (a no-bid reason code and its words). */
export type AuctionResult = { bids: Bid[] } | { nbr: number; reason: string };

export interface AuctionContext {
  adServer: AdServer;
  visit: Visit;
  signals: RequestSignals;
  origin: string;
  /** How long a bid's notices stay valid, in seconds: the ad server's offer lifetime. */
  offerTtlSeconds: number;
  startedAtMs: number;
  /** For an exchange partner's request: the server-to-server billing notice of an offer's token (see openrtb.routes.ts). */
  partnerNotice?: (token: string) => string;
}

type ImpOutcome = Bid | { nbr: number; reason: string } | null;

/** The buyer's side of the request as the decision reads it: its floor in micros, its blocks and the deals it buys through. */
function buyerControls(request: BidRequest, floorDollars: number, zone: ZoneEntry, deals: ReadonlySet<string> | undefined): PublisherControls {
  return {
    deals,
    floorMicros: Math.ceil(floorDollars * MICROS_PER_DOLLAR),
    revenueShareBps: zone.revenueShareBps,
    blocks: siteBlocksOf(blockedAdvertiserCategories(request.blockedCategories), request.blockedDomains.map((domain) => domain.toLowerCase())),
  };
}

/** Why the zone named by an impression is not AdNet's to sell on this page, or null when it is. */
function siteRefusal(request: BidRequest, zone: ZoneEntry | undefined, visit: Visit, tagid: string | undefined): string | null {
  if (!zone) return `imp.tagid ${JSON.stringify(tagid ?? "")} names no AdNet zone of an approved site`;
  // Prebid names the page's host with its port (example.com:8443), which belongs to the site as well.
  const domainHost = request.domain ? hostOf(`http://${request.domain}`) : null;
  if (request.domain && !(domainHost && hostOnDomain(domainHost, zone.domain))) return `site.domain ${request.domain} is not the zone's site`;
  if (namedHost([visit.page, visit.origin, visit.referer], zone.domain) === false) return "site.page is not on the zone's site";
  return null;
}

function formatRefusal(imp: Imp, zone: ZoneEntry): string | null {
  if (zone.format === "video") return imp.video ? null : `zone ${zone.id} is a video zone: imp.video is required`;
  if (zone.format === "native") return imp.native ? null : `zone ${zone.id} is a native zone: imp.native is required`;
  return imp.banner ? null : `zone ${zone.id} is a banner zone: imp.banner is required`;
}

function markupOf(ctx: AuctionContext, ad: ServedAd, zone: ZoneEntry, imp: Imp): { adm: string; mtype: number } | null {
  if (zone.format === "native") {
    const adm = imp.native && nativeMarkup(ad, imp.native);
    return adm ? { adm, mtype: MARKUP_TYPE.native } : null;
  }
  if (zone.format !== "video") return { adm: bannerMarkup(ad), mtype: MARKUP_TYPE.banner };
  const creative = ctx.adServer.inventory.creative(ad.creative.id);
  const vast = creative ? vastAdOf(ad, creative, ctx.origin) : null;
  return vast ? { adm: vastDocument(vast), mtype: MARKUP_TYPE.video } : null;
}

/** The offer's signed token, which the ad server put last in the impression link (`…/t/i?d=<token>`, URL-safe as it is). */
const tokenOf = (ad: ServedAd) => ad.impressionUrl.slice(ad.impressionUrl.lastIndexOf("?d=") + 3);

function bidOn(ctx: AuctionContext, request: BidRequest, imp: Imp): ImpOutcome {
  if (imp.bidfloorcur.toUpperCase() !== CURRENCY) return { nbr: NO_BID_REASON.invalidRequest, reason: `imp.bidfloorcur ${imp.bidfloorcur}: AdNet bids in USD only` };
  const zoneId = Number(imp.tagid);
  const zone = Number.isSafeInteger(zoneId) && zoneId > 0 ? ctx.adServer.inventory.zone(zoneId) : undefined;
  const refusal = siteRefusal(request, zone, ctx.visit, imp.tagid);
  if (refusal || !zone) return { nbr: NO_BID_REASON.blockedSite, reason: refusal ?? "" };
  const format = formatRefusal(imp, zone);
  if (format) return { nbr: NO_BID_REASON.invalidRequest, reason: format };

  // A deal AdNet sells goes first; a private auction takes nothing else (OpenRTB 2.6, pmp.private_auction).
  const deals = offeredDeals(ctx, imp);
  const dealBid = deals ? bidIn(ctx, request, imp, zone, deals) : null;
  if (dealBid || !imp.pmp?.privateAuction) return dealBid ?? bidIn(ctx, request, imp, zone, null);
  if (deals) return null;
  return { nbr: NO_BID_REASON.unknownDeal, reason: `No AdNet campaign is sold through deal ${imp.pmp.deals.map((deal) => deal.id).join(", ") || "(none named)"}` };
}

/** The deals of an impression that a live campaign is sold through, with the least floor any of them names; null when none is. */
function offeredDeals(ctx: AuctionContext, imp: Imp): { ids: Set<string>; floor: number } | null {
  let offered: { ids: Set<string>; floor: number } | null = null;
  for (const deal of imp.pmp?.deals ?? []) {
    if (!ctx.adServer.inventory.dealCampaign(deal.id)) continue;
    offered ??= { ids: new Set(), floor: Infinity };
    offered.ids.add(deal.id);
    offered.floor = Math.min(offered.floor, deal.bidfloor ?? imp.bidfloor);
  }
  return offered;
}

/** The ad server's decision for the impression, in the open auction or among the campaigns of `deals`, as a bid. */
function bidIn(ctx: AuctionContext, request: BidRequest, imp: Imp, zone: ZoneEntry, deals: { ids: Set<string>; floor: number } | null): Bid | null {
  const controls = buyerControls(request, deals ? deals.floor : imp.bidfloor, zone, deals?.ids);
  const served = ctx.adServer.serve(zone.id, ctx.visit, ctx.origin, ctx.signals, controls);
  if (served.status !== "filled") return null;
  const { ad } = served;
  const campaign = ctx.adServer.inventory.campaign(ad.campaignId);
  const creative = ctx.adServer.inventory.creative(ad.creative.id);
  const markup = markupOf(ctx, ad, zone, imp);
  // A house ad pays nothing: it fills the publisher's own space, and is never a buyer's bid.
  if (!campaign || !creative || !markup || campaign.tier === DeliveryTier.HOUSE) return null;
  const token = tokenOf(ad);
  // What the publisher earns per thousand, which is what a header-bidding auction compares; a deal's campaign bids its fixed price so.
  const netMicros = Math.floor((campaign.ecpmMicros * zone.revenueShareBps) / 10_000);
  const category = iabCategoryOf(campaign.category);
  return {
    id: token.slice(0, 16),
    impid: imp.id,
    price: netMicros / MICROS_PER_DOLLAR,
    ...markup,
    crid: String(creative.id),
    adomain: creative.landingHosts.slice(-1),
    cat: category ? [category] : [],
    w: zone.width,
    h: zone.height,
    ...noticesOf(ctx, request, ad, token),
    lurl: request.test ? `${ctx.origin}${TEST_NOTICE}` : `${ctx.origin}/openrtb2/loss?d=${token}&price=\${AUCTION_PRICE}&reason=\${AUCTION_LOSS}`,
    exp: ctx.offerTtlSeconds,
    ...(campaign.dealId !== null ? { dealid: campaign.dealId } : {}),
  };
}

/** A test bid's notices bill nothing; a partner's go server to server; a browser's burl is the tag's impression link. */
function noticesOf(ctx: AuctionContext, request: BidRequest, ad: ServedAd, token: string): Pick<Bid, "burl" | "nurl"> {
  if (request.test) return { burl: `${ctx.origin}${TEST_NOTICE}` };
  if (!ctx.partnerNotice) return { burl: `${ad.impressionUrl}&price=\${AUCTION_PRICE}` };
  const notice = `${ctx.partnerNotice(token)}&price=\${AUCTION_PRICE}`;
  return { burl: notice, nurl: notice };
}

/**
 * Runs the request's impressions through the ad server's own decision, one bid each at most. A
 * request with no bid says why when one reason refused every impression (a crawler, a site that
 * is not the zone's, another currency), and nothing when the campaigns simply did not fill.
 */
export function runAuction(ctx: AuctionContext, request: BidRequest): AuctionResult {
  // A crawler's request still goes to the ad server, which counts it as refused bot traffic.
  const outcomes = request.imps.map((imp) => bidOn(ctx, request, imp));
  if (isBot(ctx.visit.userAgent)) return { nbr: NO_BID_REASON.knownCrawler, reason: "The user agent is a known crawler" };
  const bids = outcomes.filter((outcome): outcome is Bid => outcome !== null && "impid" in outcome);
  if (request.tmaxMs !== undefined && Date.now() - ctx.startedAtMs > request.tmaxMs) return { nbr: NO_BID_REASON.insufficientTime, reason: `The bid took longer than tmax (${request.tmaxMs} ms)` };
  if (bids.length > 0) return { bids };
  const refusals = outcomes.filter((outcome): outcome is { nbr: number; reason: string } => outcome !== null && "nbr" in outcome);
  return refusals.length === outcomes.length ? refusals[0] : { bids: [] };
}
