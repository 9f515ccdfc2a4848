import { Field, Int, ObjectType } from "type-graphql";
import { SITE_CATEGORIES } from "../targeting/site-categories";
import { ZONE_FORMATS } from "./ad-zone.entity";
import { presentationText } from "./zone-presentation";
import type { ApprovedSite } from "./zones.service";

@ObjectType("ApprovedZone", { description: "A live zone of an approved site, as a campaign's zone targeting names it." })
export class ApprovedZoneView {
  @Field(() => Int, { description: "What zone targeting lists (Targeting.zones)." }) id: number;
  @Field() name: string;
  @Field(() => Int) width: number;
  @Field(() => Int) height: number;
  @Field({ description: `One of ${ZONE_FORMATS.join(", ")}.` }) format: string;
  @Field({ description: "How the zone shows its ad, in words: Sticky banner (bottom of the window), Native ad, standard card." }) shows: string;
}

@ObjectType("ApprovedSite", { description: "An approved site of the network, as a campaign's site targeting names it; nothing of its publisher or earnings." })
export class ApprovedSiteView {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field({ description: "What site targeting lists (Targeting.sites)." }) domain: string;
  @Field({ description: `One of ${SITE_CATEGORIES.join(", ")} (formOptions.siteCategories names them).` }) category: string;
  @Field(() => [ApprovedZoneView], { description: "Its live zones, by name." }) zones: ApprovedZoneView[];

  static from({ site, zones }: ApprovedSite): ApprovedSiteView {
    return Object.assign(new ApprovedSiteView(), {
      id: site.id,
      name: site.name,
      domain: site.domain,
      category: site.category,
      zones: zones.map((zone) =>
        Object.assign(new ApprovedZoneView(), { id: zone.id, name: zone.name, width: zone.width, height: zone.height, format: zone.format, shows: presentationText(zone) }),
      ),
    });
  }
}
