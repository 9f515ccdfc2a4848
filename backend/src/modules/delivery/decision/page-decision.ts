import type { CampaignEntry, Slot } from "../model";
import { type Decision, type DecisionContext, decide, slotOf } from "./decision";
import { holding, type PageSoFar, withCampaign } from "./page-so-far";

/** One zone of a page request, as the page's decision reads it. */
export interface PageZone {
  slot: Slot;
  /** Its request's context; the page's (what the other zones show) is added here. */
  context: DecisionContext;
  /** A video zone's campaign may fill the page's banner zones it has creatives for too, as its companions. */
  video: boolean;
}

/**
 * Fills a page's zones together. A roadblock is tried first, as a whole: the roadblock with the best
 * eCPM among the page's candidates fills every zone it has creatives for, at least its roadblockZones,
 * or none (any zone refusing it, by its caps, floor, blocks or budget, drops it); at most one roadblock
 * holds a page, and the others never show partly. Then each video zone, with its companions, then the
 * other zones in the page's order, each decided as a zone alone is, narrowed by what the page shows:
 * no advertiser twice, no competitor beside another (see page-so-far.ts), a campaign's caps counting
 * its ads in the other zones. Answers each zone's decision in the order given, null where none fills.
 */
export function decidePage(zones: readonly PageZone[], start: PageSoFar): { decisions: (Decision | null)[]; page: PageSoFar } {
  const decisions: (Decision | null)[] = zones.map(() => null);
  let page = start;
  for (const roadblock of roadblocksOf(zones)) {
    const placed = placeTogether(roadblock, zones, decisions, page);
    if (placed === 0) continue;
    page = withCampaign(page, roadblock, placed);
    break;
  }
  const order = zones.map((_, index) => index).sort((a, b) => Number(zones[b].video) - Number(zones[a].video));
  for (const index of order) {
    if (decisions[index]) continue;
    const { slot, context, video } = zones[index];
    const decision = decide(slot, { ...context, page });
    if (!decision) continue;
    decisions[index] = decision;
    const companions = video ? placeTogether(decision.campaign, zones, decisions, holding(page, decision.campaign.id, 1), { least: 0, only: (other) => !other.video }) : 0;
    page = withCampaign(page, decision.campaign, 1 + companions);
  }
  return { decisions, page };
}

/** The roadblocks any of the page's zones could show, the best eCPM first. */
function roadblocksOf(zones: readonly PageZone[]): CampaignEntry[] {
  const found = new Map<number, CampaignEntry>();
  for (const { slot } of zones) for (const { campaign } of slot.candidates) if (campaign.roadblockZones > 0) found.set(campaign.id, campaign);
  return [...found.values()].sort((a, b) => b.ecpmMicros - a.ecpmMicros);
}

/**
 * Places one campaign in every zone still empty (of those `only` takes) that it has creatives for,
 * or in none: so many as its roadblockZones at least (or `least`), each accepting it as a zone alone
 * would. Answers how many it filled.
 */
function placeTogether(campaign: CampaignEntry, zones: readonly PageZone[], decisions: (Decision | null)[], page: PageSoFar, rule?: { least: number; only: (zone: PageZone) => boolean }): number {
  const placed: [number, Decision][] = [];
  for (let index = 0; index < zones.length; index++) {
    const zone = zones[index];
    if (decisions[index] || (rule && !rule.only(zone))) continue;
    const candidate = zone.slot.candidates.find((each) => each.campaign === campaign);
    if (!candidate) continue;
    const decision = decide(slotOf([candidate]), { ...zone.context, page: holding(page, campaign.id, placed.length), roadblock: campaign.id, refused: undefined });
    // A roadblock that any zone refuses is dropped whole; a companion is only left out of that zone.
    if (!decision && !rule) return 0;
    if (decision) placed.push([index, decision]);
  }
  if (placed.length < (rule?.least ?? campaign.roadblockZones)) return 0;
  for (const [index, decision] of placed) decisions[index] = decision;
  return placed.length;
}
