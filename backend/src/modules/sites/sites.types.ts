import { Field, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { Site, SITE_CATEGORIES, SiteStatus } from "./site.entity";

registerEnumType(SiteStatus, { name: "SiteStatus" });

@ObjectType("Site")
export class SiteView {
  @Field(() => Int) id: number;
  @Field(() => Int) publisherId: number;
  @Field() name: string;
  @Field() domain: string;
  @Field({ description: `One of ${SITE_CATEGORIES.join(", ")}.` }) category: string;
  @Field() description: string;
  @Field(() => SiteStatus) status: SiteStatus;
  @Field(() => String, { nullable: true, description: "Why an admin rejected the site." }) rejectionReason: string | null;
  @Field(() => Int, { description: "Impressions counted on the site's zones this calendar month (UTC)." }) monthlyImpressions: number;
  @Field() createdAt: Date;

  static from({ site, monthlyImpressions }: { site: Site; monthlyImpressions: number }): SiteView {
    return Object.assign(new SiteView(), {
      id: site.id,
      publisherId: site.publisherId,
      name: site.name,
      domain: site.domain,
      category: site.category,
      description: site.description,
      status: site.status,
      rejectionReason: site.rejectionReason,
      monthlyImpressions,
      createdAt: site.createdAt,
    });
  }
}

@InputType()
export class CreateSiteInput {
  @Field({ description: "Host name such as news.example.com; unique among your sites." }) domain: string;
  @Field() name: string;
  @Field({ description: `One of ${SITE_CATEGORIES.join(", ")}.` }) category: string;
  @Field() description: string;
}
