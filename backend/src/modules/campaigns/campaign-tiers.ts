import { ConflictError, ValidationError } from "../../common/errors";
import { storedTargeting } from "../targeting/targeting-rules";
import { BidStrategy, DeliveryTier, GoalType, PricingModel } from "./campaign.entity";
import type { CampaignSettings } from "./campaign-fields";

/** The tiers an admin books at a fixed price (an insertion order's): per thousand impressions or per click. */
const BOOKED_PRICING: ReadonlySet<PricingModel> = new Set([PricingModel.CPM, PricingModel.CPC]);

/** What the sponsorship rule reads of another sponsorship. */
export type Sponsorship = Pick<CampaignSettings, "sharePercent" | "startDate" | "endDate" | "targeting"> & { id: number; name: string };

/** The columns a tier's rules read: a change to any of them checks the tier again. */
export const TIER_COLUMNS: ReadonlySet<keyof CampaignSettings> = new Set([
  "deliveryTier",
  "goalType",
  "goalAmount",
  "sharePercent",
  "pricingModel",
  "bidStrategy",
  "startDate",
  "endDate",
  "targeting",
]);

/** The places a targeting keeps to, by the one rule that lists them to include; null for everywhere. */
function placesOf(targeting: string | null): { rule: "sites" | "zones"; values: Set<string> } | null {
  const document = storedTargeting(targeting);
  if (document.zones?.mode === "include") return { rule: "zones", values: new Set(document.zones.values) };
  if (document.sites?.mode === "include") return { rule: "sites", values: new Set(document.sites.values) };
  return null;
}

/**
 * Whether two sponsorships can match the same requests, conservatively: their flights overlap, and
 * their targeting does not keep them apart by listing disjoint sites (or disjoint zones). A site
 * list and a zone list may name the same pages, and every other rule (devices, hours) overlaps
 * somewhere, so those count as the same inventory.
 */
export function sameInventory(a: Pick<Sponsorship, "startDate" | "endDate" | "targeting">, b: Pick<Sponsorship, "startDate" | "endDate" | "targeting">): boolean {
  if (a.endDate < b.startDate || b.endDate < a.startDate) return false;
  const ours = placesOf(a.targeting);
  const theirs = placesOf(b.targeting);
  if (!ours || !theirs || ours.rule !== theirs.rule) return true;
  return [...ours.values].some((value) => theirs.values.has(value));
}

/**
 * A guaranteed campaign has a goal and a sponsorship a share, each alone; both sell at a fixed CPM
 * or CPC bid; sponsorships on the same inventory take at most all of it. `others` are the other
 * sponsorships whose flights overlap this one's.
 */
export function checkTier(next: CampaignSettings, changed: ReadonlySet<keyof CampaignSettings>, others: readonly Sponsorship[]): void {
  if (![...TIER_COLUMNS].some((column) => changed.has(column))) return;
  const tier = next.deliveryTier;
  if (tier === DeliveryTier.GUARANTEED && next.goalAmount === null) throw new ValidationError("goalAmount", "A guaranteed campaign needs its goal");
  if (tier !== DeliveryTier.GUARANTEED && next.goalAmount !== null) throw new ValidationError("goalAmount", "Only a guaranteed campaign has a goal: send goalAmount null, or book it as GUARANTEED");
  if (tier === DeliveryTier.SPONSORSHIP && next.sharePercent === null) throw new ValidationError("sharePercent", "A sponsorship needs its share of requests");
  if (tier !== DeliveryTier.SPONSORSHIP && next.sharePercent !== null) throw new ValidationError("sharePercent", "Only a sponsorship takes a share of requests: send sharePercent null, or book it as SPONSORSHIP");
  if (tier === DeliveryTier.SPONSORSHIP || tier === DeliveryTier.GUARANTEED) {
    if (!BOOKED_PRICING.has(next.pricingModel)) throw new ValidationError("pricingModel", "A guaranteed or sponsorship campaign sells at a fixed price per thousand impressions (CPM) or per click (CPC)");
    if (next.bidStrategy !== BidStrategy.FIXED) throw new ValidationError("bidStrategy", "A guaranteed or sponsorship campaign sells at its booked price: choose a fixed bid");
  }
  const billedAs = next.goalType === GoalType.IMPRESSIONS ? PricingModel.CPM : PricingModel.CPC;
  if (tier === DeliveryTier.GUARANTEED && next.pricingModel !== billedAs) {
    throw new ValidationError("goalType", "An impression goal sells per thousand impressions (CPM) and a click goal per click (CPC): what is billed is what the goal counts");
  }
  if (tier !== DeliveryTier.SPONSORSHIP) return;
  const sharing = others.filter((other) => sameInventory(next, other));
  const total = sharing.reduce((sum, other) => sum + (other.sharePercent ?? 0), next.sharePercent ?? 0);
  if (total > 100) {
    const names = sharing.map((other) => `${other.name} (${other.sharePercent}%)`).join(", ");
    throw new ConflictError(`Sponsorships on the same inventory would take ${total}% of its requests, more than all of it: ${names} already take ${total - (next.sharePercent ?? 0)}%`, "sharePercent");
  }
}
