import type { AdvertiserCategory } from "../campaigns/advertiser-categories";
import type { BidStrategy, CreativeRotation, DeliveryTier, PacingMode, PricingModel } from "../campaigns/campaign.entity";
import type { GoalPace } from "./learning/goal-pacing";
import type { ZoneBids } from "./learning/goal-bids";
import type { FrequencyCap } from "../frequency-caps/frequency-caps";
import type { CreativeType } from "../creatives/creative.entity";
import type { ZoneFormat, ZoneLayout, ZonePresentation } from "../zones/ad-zone.entity";
import type { HouseItem } from "../zones/content-recommendation";
import type { Device, Predicate } from "../targeting/request";

// The catalogue as the ad server holds it in memory for the decision path, shared by its stages;
// the counted events the recorder batches and a writer stores are in counting/counted-events.ts.

/** A site's blocks, compiled once per catalogue load and shared by its zones. */
export interface SiteBlocks {
  categories: ReadonlySet<string>;
  /** Blocked landing domains; a creative's landing host or any of its parent domains found here is blocked. */
  domains: ReadonlySet<string>;
}

export interface ZoneEntry {
  id: number;
  siteId: number;
  publisherId: number;
  domain: string;
  width: number;
  height: number;
  format: ZoneFormat;
  /** The site's category, for targeting by site category. */
  siteCategory: string;
  revenueShareBps: number;
  /** The zone's floor price per thousand impressions (see PublisherControls). */
  floorMicros: number;
  /** The site's blocked advertiser categories and landing domains, shared by its zones; null when it blocks nothing. */
  blocks: SiteBlocks | null;
  /** Which campaigns' creatives fit: size and format, worked out once per load. */
  slotKey: string;
  presentation: ZonePresentation;
  nativeTemplate: string | null;
  /** How many ads the zone shows at once, each from another advertiser: more than 1 only for a native zone (content recommendation). */
  adCount: number;
  layout: ZoneLayout;
  /** The publisher's own articles for the slots paid ads leave; null: none. */
  houseItems: HouseItem[] | null;
  /** A video zone's breaks (zones/ad-breaks.ts): most ads a pod, longest break, mid-roll offsets in seconds. */
  podSize: number;
  breakSeconds: number;
  midrollOffsets: number[];
  /** Whether the site's last ads.txt check found the network's line (what REQUIRE_ADS_TXT asks for). */
  adsTxtFound: boolean;
}

/** A native ad's texts as the tag draws them, the "Sponsored" label's brand and advertiser included. */
export interface NativeEntry {
  headline: string;
  body: string;
  sponsor: string;
  advertiser: string;
  cta: string;
  logo: string | null;
  /** A promoted listing's price with its currency's sign ($19.99), and its rating out of 5; null for an ad that is no listing. */
  price: string | null;
  rating: number | null;
}

/** One encoding of a hosted video or image: what a VAST MediaFile or the tag's player picks from. */
export interface MediaRendition {
  url: string;
  mimeType: string;
  width: number;
  height: number;
  /** Video only: the encoding's average bitrate. */
  bitrateKbps?: number;
}

/** What decoding an uploaded file found; URL creatives have none. */
export interface CreativeMedia {
  mimeType: string;
  /** Video only. */
  durationMs?: number;
  /** The original first, then any smaller renditions made since. */
  renditions: MediaRendition[];
}

export interface CreativeEntry {
  id: number;
  type: CreativeType;
  contentUrl: string;
  clickUrl: string | null;
  /** The click URL's host and the domains above it, which a site's blocked landing domains are matched against. */
  landingHosts: string[];
  width: number;
  height: number;
  /** The hosted file's facts, for uploaded creatives. */
  media?: CreativeMedia;
  /** A video given by URL: its length as declared; null when not declared. */
  durationMs?: number | null;
  /** A video a player may let its viewer skip after so many seconds; null or left out: never. */
  skipAfterSeconds?: number | null;
  /** A native creative's texts; its picture is contentUrl. */
  native?: NativeEntry;
  /** The size an expandable banner opens to on the visitor's click; left out for one that does not expand. */
  expanded?: { width: number; height: number };
}

export interface CampaignEntry {
  id: number;
  advertiserId: number;
  /** What the advertiser sells: sites may block it, and a new campaign's predicted rates start from its category's. */
  category: AdvertiserCategory;
  pricingModel: PricingModel;
  /** What one unit of the pricing model costs (see Campaign.bidMicros). */
  bidMicros: number;
  /**
   * Expected revenue per thousand impressions, what campaigns of every pricing model compete on:
   * the bid itself for CPM, the bid times the predicted click or conversion rate (times 1,000) for
   * CPC and CPA.
   */
  ecpmMicros: number;
  bidStrategy: BidStrategy;
  targetCpaMicros: number | null;
  targetCpcMicros: number | null;
  /** A goal-bidding campaign's eCPM zone by zone, set with the prices (ecpmMicros is then the highest); null for a fixed bid. */
  zoneBids: ZoneBids | null;
  /** The zones placement optimisation took the campaign out of; null for none. */
  excludedZones: ReadonlySet<number> | null;
  budgetMicros: number;
  /** At most this much a day of the reporting calendar, in either pacing mode; null caps nothing. */
  dailyCapMicros: number | null;
  pacing: PacingMode;
  rotation: CreativeRotation;
  /** null targets every country. */
  countries: Set<string> | null;
  /** The devices the campaign's targeting reaches: the decision's index files it under these. */
  devices: Device[];
  /** The campaign's targeting beyond countries and devices, compiled; null when it has none. */
  matches: Predicate | null;
  startDate: string;
  endDate: string;
  /** endDate as days since 1970-01-01, for pacing arithmetic on the decision path. */
  endDayNumber: number;
  /** At most so many impressions per visitor per period; null caps nothing. */
  frequencyCaps: FrequencyCap[] | null;
  /** The private marketplace deal it serves through, and only through; null for the open auction. */
  dealId: string | null;
  /** The categories whose ads may not share a page with this campaign's; null names none. */
  competitors: ReadonlySet<string> | null;
  /** A roadblock's least number of a page's zones, filled together or not at all; 0 for a campaign that is no roadblock. */
  roadblockZones: number;
  servable: boolean;
  /** The priority the decision applies before price (see DeliveryTier). */
  tier: DeliveryTier;
  /**
   * The odds it takes a request it matches: a sponsorship's share, or what a guaranteed campaign's
   * pacing works out in the background; 0 for the auction and house ads.
   */
  takeShare: number;
  /** A guaranteed campaign's goal and the counts its pacing reads; null for the other tiers. */
  goal: GoalPace | null;
}

/** A campaign able to fill one zone shape, with its creatives of that shape. */
export interface SlotCandidate {
  campaign: CampaignEntry;
  creatives: CreativeEntry[];
}

/** What a campaign has spent, in micros: in all, and on the current day of the reporting calendar. */
export interface CampaignSpend {
  total: number;
  today: number;
}

/** The campaigns able to fill one zone shape, highest eCPM first, ready for the lottery. */
export interface Slot {
  /** The sponsorships, then the guaranteed campaigns: they take their share before the auction. */
  booked: SlotCandidate[];
  /** House ads, for what nothing else takes. */
  house: SlotCandidate[];
  /** The auction's campaigns, highest eCPM first. */
  candidates: SlotCandidate[];
  /** ecpmBefore[i] is the summed eCPM of candidates[0..i), so a range's total weight is one subtraction. */
  ecpmBefore: number[];
}

/** Whether a player can be told a video's length and files: without them VAST has no ad to give. */
export const isDescribableVideo = (creative: Pick<CreativeEntry, "media" | "durationMs">): boolean =>
  creative.media ? Boolean(creative.media.durationMs) && creative.media.renditions.length > 0 : Boolean(creative.durationMs);
