import type { CreativeEntry, SiteBlocks, SlotCandidate } from "../model";
import { hostOf } from "../request/page-host";

/** Why a publisher's own controls kept a campaign off a request. */
export type PublisherRefusal = "below_floor" | "blocked_category" | "blocked_domain";

/** What the publisher set for the zone being filled: the zone's floor and its site's blocks. */
export interface PublisherControls {
  /** The least the publisher's share of a campaign's eCPM may be, per thousand; 0 takes any. */
  floorMicros: number;
  revenueShareBps: number;
  /** null when the site blocks nothing, so most requests check nothing. */
  blocks: SiteBlocks | null;
  /**
   * A buyer's private marketplace: only the campaigns of these deals compete. Left out, the request
   * is the open auction, where no campaign sold through a deal competes.
   */
  deals?: ReadonlySet<string>;
}

export const NO_CONTROLS: PublisherControls = { floorMicros: 0, revenueShareBps: 10_000, blocks: null };

/**
 * The publisher's controls with a header-bidding buyer's on top: the higher floor (both are the
 * publisher's net per thousand, what the bidder bids) and the blocks of either.
 */
export function withBuyerControls(publisher: PublisherControls, buyer: PublisherControls): PublisherControls {
  const blocks =
    publisher.blocks && buyer.blocks
      ? { categories: new Set([...publisher.blocks.categories, ...buyer.blocks.categories]), domains: new Set([...publisher.blocks.domains, ...buyer.blocks.domains]) }
      : (publisher.blocks ?? buyer.blocks);
  return { floorMicros: Math.max(publisher.floorMicros, buyer.floorMicros), revenueShareBps: publisher.revenueShareBps, blocks, deals: buyer.deals };
}

/** A site's blocks as the decision reads them, or null when it blocks nothing. */
export function siteBlocksOf(categories: readonly string[] | null, domains: readonly string[] | null): SiteBlocks | null {
  if (!categories?.length && !domains?.length) return null;
  return { categories: new Set(categories ?? []), domains: new Set(domains ?? []) };
}

/**
 * A click URL's host and each domain it is under (`a.shop.example` → `a.shop.example`,
 * `shop.example`; never a bare top-level domain, which no site can block), so that blocking a domain blocks its subdomains with a few set
 * lookups per creative rather than a scan of the site's list. Worked out at load.
 */
export function landingHostsOf(clickUrl: string | null): string[] {
  const host = hostOf(clickUrl ?? undefined);
  if (!host) return [];
  const hosts = [host];
  for (let dot = host.indexOf("."); dot >= 0 && host.indexOf(".", dot + 1) >= 0; dot = host.indexOf(".", dot + 1)) hosts.push(host.slice(dot + 1));
  return hosts;
}

/**
 * Whether a campaign's expected eCPM pays the publisher at least the zone's floor. Candidates are
 * sorted by eCPM, so the first one that does not marks where the decision stops looking.
 */
export const meetsFloor = (ecpmMicros: number, controls: PublisherControls): boolean =>
  ecpmMicros * controls.revenueShareBps >= controls.floorMicros * 10_000;

export function isBlockedCreative(creative: CreativeEntry, blocks: SiteBlocks): boolean {
  for (const host of creative.landingHosts) if (blocks.domains.has(host)) return true;
  return false;
}

/** Why the site refuses a candidate's campaign or every one of its creatives, or null when it shows at least one of them. */
export function blockedBy(candidate: SlotCandidate, blocks: SiteBlocks | null): PublisherRefusal | null {
  if (!blocks) return null;
  if (blocks.categories.has(candidate.campaign.category)) return "blocked_category";
  if (blocks.domains.size === 0) return null;
  for (const creative of candidate.creatives) if (!isBlockedCreative(creative, blocks)) return null;
  return "blocked_domain";
}

/** The candidate's creatives the site accepts: all of them, without a copy, unless the site blocks one's landing domain. */
export function allowedCreatives(candidate: SlotCandidate, blocks: SiteBlocks | null): CreativeEntry[] {
  if (!blocks || blocks.domains.size === 0) return candidate.creatives;
  for (const creative of candidate.creatives) {
    if (isBlockedCreative(creative, blocks)) return candidate.creatives.filter((each) => !isBlockedCreative(each, blocks));
  }
  return candidate.creatives;
}
