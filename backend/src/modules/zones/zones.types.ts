import { GraphQLSafeInt } from "graphql-scalars";
import { Field, Float, InputType, Int, ObjectType } from "type-graphql";
import { microsToDollars } from "../../common/money";
import { ZONE_FORMATS, ZONE_POSITIONS, ZONE_PRESENTATIONS } from "./ad-zone.entity";
import { NATIVE_PLACEHOLDERS } from "./native-template";
import type { ZoneWithSite } from "./zones.service";

const PRESENTATION = `One of ${ZONE_PRESENTATIONS.join(", ")}: interstitial (full screen, closable within 5 s, once an hour per visitor) and sticky (anchored to the bottom of the window, dismissible) are for banner zones.`;
const NATIVE_TEMPLATE = `A native zone's markup for its ads, with ${NATIVE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(", ")} filled in escaped; plain tags only (no script, event handlers or style). Blank draws the default card.`;
const FLOOR_INPUT = "Floor price in dollars per thousand impressions, in whole cents, from 0 (any price; the default) to formOptions.maxCpm.";

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
  @Field({ description: "HTML snippet to paste into the page where the ad should show." }) adTag: string;
  @Field(() => String, { nullable: true, description: "A video zone's VAST 4.2 URL, for the publisher's video player; null for other zones." }) vastUrl: string | null;
  @Field(() => GraphQLSafeInt, { description: "Impressions counted this calendar month (in the reporting time zone)." }) monthlyImpressions: number;
  @Field(() => GraphQLSafeInt, { description: "Clicks counted this calendar month." }) monthlyClicks: number;
  @Field(() => Float, { description: "The publisher's earnings this calendar month, in dollars." }) monthlyRevenue: number;
  @Field(() => Float, { description: "Ad requests filled this calendar month, in percent of the requests." }) monthlyFillRate: number;
  @Field() createdAt: Date;

  static from({ zone, siteName, adTag, vastUrl, month }: ZoneWithSite): AdZoneView {
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
      adTag,
      vastUrl,
      monthlyImpressions: month.impressions,
      monthlyClicks: month.clicks,
      monthlyRevenue: microsToDollars(month.revenueMicros),
      monthlyFillRate: month.fillRate,
      createdAt: zone.createdAt,
    });
  }
}

@InputType()
export class CreateAdZoneInput {
  @Field(() => Int, { description: "One of your approved sites." }) siteId: number;
  @Field() name: string;
  @Field(() => Int, { nullable: true, description: "Pixels; 728 when left out." }) width?: number;
  @Field(() => Int, { nullable: true, description: "Pixels; 90 when left out." }) height?: number;
  @Field({ nullable: true, description: `One of ${ZONE_FORMATS.join(", ")}; banner when left out.` }) format?: string;
  @Field({ nullable: true, description: `One of ${ZONE_POSITIONS.join(", ")}; header when left out.` }) position?: string;
  @Field(() => Float, { nullable: true, description: FLOOR_INPUT }) floor?: number;
  @Field({ nullable: true, description: PRESENTATION }) presentation?: string;
  @Field({ nullable: true, description: NATIVE_TEMPLATE }) nativeTemplate?: string;
}

@InputType({ description: "The fields to change; those left out (or null) stay as they are." })
export class UpdateAdZoneInput {
  @Field({ nullable: true }) name?: string;
  @Field(() => Int, { nullable: true, description: "Pixels." }) width?: number;
  @Field(() => Int, { nullable: true, description: "Pixels." }) height?: number;
  @Field({ nullable: true, description: `One of ${ZONE_FORMATS.join(", ")}.` }) format?: string;
  @Field({ nullable: true, description: `One of ${ZONE_POSITIONS.join(", ")}.` }) position?: string;
  @Field(() => Float, { nullable: true, description: FLOOR_INPUT }) floor?: number;
  @Field({ nullable: true, description: PRESENTATION }) presentation?: string;
  @Field({ nullable: true, description: NATIVE_TEMPLATE }) nativeTemplate?: string;
}
