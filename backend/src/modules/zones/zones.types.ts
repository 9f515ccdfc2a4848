import { GraphQLSafeInt } from "graphql-scalars";
import { Field, Float, Int, ObjectType } from "type-graphql";
import { createAndUpdateInputs } from "../../common/fields/graphql-inputs";
import { microsToDollars } from "../../common/money";
import { ZONE_FORMATS, ZONE_POSITIONS } from "./ad-zone.entity";
import { AD_COUNT, HOUSE_ITEMS, LAYOUT, NATIVE_TEMPLATE, PRESENTATION, ZONE_FIELDS } from "./zone-fields";
import { HouseItemView } from "./house-items.types";
import { presentationText } from "./zone-presentation";
import type { ZoneWithSite } from "./zones.service";

@ObjectType("AdZone")
export class AdZoneView {
  @Field(() => Int) id: number;
  @Field(() => Int) siteId: number;
  @Field() siteName: string;
  @Field() name: string;
  @Field(() => Int) width: number;
  @Field(() => Int) height: number;
  @Field({ description: `One of ${ZONE_FORMATS.join(", ")}.` }) format: string;
  @Field({ description: `One of ${ZONE_POSITIONS.join(", ")}.` }) position: string;
  @Field(() => Float, { description: "Floor price in dollars per thousand impressions: no ad serves here unless the publisher's share of its expected price per thousand reaches it; 0 takes any price." }) floor: number;
  @Field({ description: PRESENTATION }) presentation: string;
  @Field(() => String, { nullable: true, description: NATIVE_TEMPLATE }) nativeTemplate: string | null;
  @Field(() => Int, { description: AD_COUNT }) adCount: number;
  @Field({ description: LAYOUT }) layout: string;
  @Field(() => [HouseItemView], { description: HOUSE_ITEMS }) houseItems: HouseItemView[];
  @Field({ description: "How the zone shows its ad, in words: Sticky banner (bottom of the window), Native ad, site's own template." }) shows: string;
  @Field({ description: "HTML snippet to paste into the page where the ad should show." }) adTag: string;
  @Field(() => String, { nullable: true, description: "A video zone's VAST 4.2 URL, for the publisher's video player; null for other zones." }) vastUrl: string | null;
  @Field(() => String, { nullable: true, description: "A video zone's VMAP 1.0 URL, for a player's whole programme (pre-roll, the zone's mid-rolls, post-roll): the player puts the programme's length in seconds for DURATION; null for other zones." }) vmapUrl: string | null;
  @Field(() => Int, { description: "A video zone's most ads in one break (an ad pod)." }) podSize: number;
  @Field(() => Int, { description: "The longest a video zone's break plays, its ads together, in seconds." }) breakSeconds: number;
  @Field(() => [Int], { description: "A video zone's mid-roll offsets, in seconds into the content, rising; empty for none." }) midrollOffsets: number[];
  @Field(() => GraphQLSafeInt, { description: "Impressions counted this calendar month (in the reporting time zone)." }) monthlyImpressions: number;
  @Field(() => GraphQLSafeInt, { description: "Clicks counted this calendar month." }) monthlyClicks: number;
  @Field(() => Float, { description: "The publisher's earnings this calendar month, in dollars." }) monthlyRevenue: number;
  @Field(() => Float, { description: "Ad requests filled this calendar month, in percent of the requests." }) monthlyFillRate: number;
  @Field() createdAt: Date;

  static from({ zone, siteName, adTag, vastUrl, vmapUrl, month }: ZoneWithSite): AdZoneView {
    return Object.assign(new AdZoneView(), {
      id: zone.id,
      siteId: zone.siteId,
      siteName,
      name: zone.name,
      width: zone.width,
      height: zone.height,
      format: zone.format,
      position: zone.position,
      floor: microsToDollars(zone.floorMicros),
      presentation: zone.presentation,
      nativeTemplate: zone.nativeTemplate,
      adCount: zone.adCount,
      layout: zone.layout,
      houseItems: zone.houseItems ?? [],
      podSize: zone.podSize,
      breakSeconds: zone.breakSeconds,
      midrollOffsets: zone.midrollOffsets,
      shows: presentationText(zone),
      adTag,
      vastUrl,
      vmapUrl,
      monthlyImpressions: month.impressions,
      monthlyClicks: month.clicks,
      monthlyRevenue: microsToDollars(month.revenueMicros),
      monthlyFillRate: month.fillRate,
      createdAt: zone.createdAt,
    });
  }
}

export const [CreateAdZoneInput, UpdateAdZoneInput] = createAndUpdateInputs(ZONE_FIELDS, "AdZone", "The fields to change; those left out (or null) stay as they are.");
