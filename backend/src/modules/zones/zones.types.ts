import { Field, InputType, Int, ObjectType } from "type-graphql";
import { ZONE_FORMATS, ZONE_POSITIONS } from "./ad-zone.entity";
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
  @Field({ description: "HTML snippet to paste into the page where the ad should show." }) adTag: string;
  @Field() createdAt: Date;

  static from({ zone, siteName, adTag }: ZoneWithSite): AdZoneView {
    return Object.assign(new AdZoneView(), {
      id: zone.id,
      siteId: zone.siteId,
      siteName,
      name: zone.name,
      width: zone.width,
      height: zone.height,
      format: zone.format,
      position: zone.position,
      adTag,
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
}
