import { actorOf, type AppContext } from "../../auth/context";
import { NotFoundError } from "../../common/errors";
import { microsToDollars } from "../../common/money";
import * as check from "../../common/validate";
import type { Campaign } from "../campaigns/campaign.entity";
import { ExclusionState } from "./placement-exclusion.entity";
import { reviewPlacements } from "./placement-review";
import { CampaignOptimisationView, dollarsOrNull, OptimisedZoneView, PlacementExclusionView } from "./optimisation.types";

/** The Optimisation card lists this many of a campaign's zones, the most seen first. */
const TOP_ZONES = 20;

async function optimisationOf(context: AppContext, campaign: Campaign): Promise<CampaignOptimisationView> {
  const { delivery, placements, zones } = context.services;
  const [results, rows] = await Promise.all([delivery.zoneResults(campaign.id), placements.ofCampaign(campaign.id)]);
  const names = await zones.namesOf([...new Set([...results.map((zone) => zone.zoneId), ...rows.map((row) => row.zoneId)])]);
  const nameOf = (zoneId: number) => names.get(zoneId) ?? `Zone ${zoneId}`;
  const bids = delivery.zoneBids(campaign.id);
  const excluded = new Set(rows.filter((row) => row.state === ExclusionState.EXCLUDED).map((row) => row.zoneId));
  const reviewed = reviewPlacements(campaign.bidStrategy, results).sort((a, b) => b.zone.impressions - a.zone.impressions);
  return Object.assign(new CampaignOptimisationView(), {
    campaignId: campaign.id,
    bidStrategy: campaign.bidStrategy,
    exploringBidCpm: dollarsOrNull(bids?.elsewhere),
    zones: reviewed.slice(0, TOP_ZONES).map(({ zone, results: units, verdict }) =>
      Object.assign(new OptimisedZoneView(), {
        zoneId: zone.zoneId,
        name: nameOf(zone.zoneId),
        impressions: zone.impressions,
        results: units,
        spend: microsToDollars(zone.spendMicros),
        bidCpm: bids ? microsToDollars(bids.byZone.get(zone.zoneId) ?? bids.elsewhere) : null,
        verdict: verdict.reason,
        excluded: excluded.has(zone.zoneId),
      }),
    ),
    exclusions: rows.map((row) => PlacementExclusionView.from(row, nameOf(row.zoneId))),
  });
}

/** The Optimisation card and its Undo, as both doors answer them. */
export const optimisationOperations = {
  campaignOptimisation: async (context: AppContext, campaignId: unknown): Promise<CampaignOptimisationView> => {
    const campaign = await context.services.campaigns.findOwned(actorOf(context), campaignId, "campaignId");
    return optimisationOf(context, campaign);
  },

  /** Puts an excluded zone back into the campaign, and holds it there for UNDO_HOLDS_DAYS. */
  undoPlacementExclusion: async (context: AppContext, campaignId: unknown, zoneId: unknown): Promise<CampaignOptimisationView> => {
    const actor = actorOf(context);
    const campaign = await context.services.campaigns.findOwned(actor, campaignId, "campaignId");
    const zone = check.positiveId("zoneId", zoneId);
    const name = (await context.services.zones.namesOf([zone])).get(zone);
    if (!name) throw new NotFoundError("Zone not found");
    await context.services.placements.undo(actor, campaign, { id: zone, name }, Date.now());
    await context.services.delivery.refreshPredictions();
    return optimisationOf(context, campaign);
  },
};
