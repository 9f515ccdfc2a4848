import { GraphQLSafeInt } from "graphql-scalars";
import { Field, Float, Int, ObjectType } from "type-graphql";
import { microsToDollars } from "../../common/money";
import { BidStrategy } from "../campaigns/campaign.entity";
import { ExclusionState, type PlacementExclusion } from "./placement-exclusion.entity";
import { UNDO_HOLDS_DAYS } from "./placement-exclusions";

@ObjectType("OptimisedZone", { description: "One zone a goal campaign has results in: what it bids there now, and the placement rule's verdict." })
export class OptimisedZoneView {
  @Field(() => Int) zoneId: number;
  @Field() name: string;
  @Field(() => GraphQLSafeInt, { description: "Counted impressions over the days the engine looks at." }) impressions: number;
  @Field(() => GraphQLSafeInt, { description: "The goal's units counted: clicks for a click goal, conversions for the others." }) results: number;
  @Field(() => Float, { description: "Spent in the zone over those days, in dollars." }) spend: number;
  @Field(() => Float, { nullable: true, description: "The bid per thousand impressions the engine offers in the zone now, in dollars; null while the ad server has not priced it." })
  bidCpm: number | null;
  @Field({ description: "The placement rule's verdict in words, with its figures." }) verdict: string;
  @Field({ description: "Whether the campaign is kept out of the zone." }) excluded: boolean;
}

@ObjectType("PlacementExclusion", { description: "A zone the optimisation engine took a campaign out of, or one its advertiser put back." })
export class PlacementExclusionView {
  @Field(() => Int) zoneId: number;
  @Field() name: string;
  @Field({ description: "excluded, or kept: put back by the advertiser, left alone by the engine until heldUntil." }) state: string;
  @Field({ description: "Why it was excluded, with the figures." }) reason: string;
  @Field(() => GraphQLSafeInt) impressions: number;
  @Field(() => GraphQLSafeInt) results: number;
  @Field() excludedAt: Date;
  @Field(() => Date, { nullable: true }) undoneAt: Date | null;
  @Field(() => Date, { nullable: true, description: "Until when an Undo holds: the engine may exclude the zone again after it." }) heldUntil: Date | null;

  static from = (row: PlacementExclusion, name: string): PlacementExclusionView =>
    Object.assign(new PlacementExclusionView(), {
      zoneId: row.zoneId,
      name,
      state: row.state,
      reason: row.reason,
      impressions: row.impressions,
      results: row.results,
      excludedAt: row.excludedAt,
      undoneAt: row.undoneAt,
      heldUntil: row.state === ExclusionState.KEPT && row.undoneAt ? new Date(row.undoneAt.getTime() + UNDO_HOLDS_DAYS * 86_400_000) : null,
    });
}

@ObjectType("CampaignOptimisation", { description: "What the optimisation engine does for a campaign bidding to a goal: its bids zone by zone and the placements it excluded." })
export class CampaignOptimisationView {
  @Field(() => Int) campaignId: number;
  @Field(() => BidStrategy) bidStrategy: BidStrategy;
  @Field(() => Float, { nullable: true, description: "What the campaign bids in a zone it has no results in yet (exploring), in dollars per thousand; null for a fixed bid." })
  exploringBidCpm: number | null;
  @Field(() => [OptimisedZoneView], { description: "Its zones with the most impressions first, at most 20." }) zones: OptimisedZoneView[];
  @Field(() => [PlacementExclusionView]) exclusions: PlacementExclusionView[];
}

export const dollarsOrNull = (micros: number | null | undefined) => (micros === null || micros === undefined ? null : microsToDollars(micros));
