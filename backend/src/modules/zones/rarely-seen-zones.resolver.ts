import { GraphQLSafeInt } from "graphql-scalars";
import { Arg, Ctx, Field, Float, Int, ObjectType, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { MIN_MEASURED, type RarelySeenZone, rarelySeenZones } from "./rarely-seen-zones";

@ObjectType("RarelySeenZone", { description: "A zone whose measured impressions rarely became viewable." })
export class RarelySeenZoneView implements RarelySeenZone {
  @Field(() => Int) zoneId: number;
  @Field() zoneName: string;
  @Field() siteName: string;
  @Field(() => GraphQLSafeInt, { description: "Impressions the tag could measure." }) measured: number;
  @Field(() => GraphQLSafeInt, { description: "Of those, the viewable ones: half the ad in view for a second (30% for large ads)." }) viewable: number;
  @Field(() => Float, { description: "Viewable over measured impressions, in percent with two decimals." }) viewabilityRate: number;

  static from = (zone: RarelySeenZone) => Object.assign(new RarelySeenZoneView(), zone);
}

@Resolver()
export class RarelySeenZonesResolver {
  @Query(() => [RarelySeenZoneView], {
    description: `Your zones viewable under maxViewability percent of their measured impressions over the last days (today included), least seen first; a zone needs ${MIN_MEASURED} measured impressions to be judged.`,
  })
  @RequireAuth(Role.PUBLISHER)
  async rarelySeenZones(
    @Ctx() context: AppContext,
    @Arg("maxViewability", () => Int, { nullable: true, description: "Percent, 1 to 100; 50 when left out." }) maxViewability?: number,
    @Arg("days", () => Int, { nullable: true, description: "1 to 90; 30 when left out." }) days?: number,
  ): Promise<RarelySeenZoneView[]> {
    return (await rarelySeenZones(context, { maxViewability, days })).map(RarelySeenZoneView.from);
  }
}
