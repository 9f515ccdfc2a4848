import { GraphQLSafeInt } from "graphql-scalars";
import { domainToUnicode } from "node:url";
import { Field, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { createAndUpdateInputs } from "../../common/fields/graphql-inputs";
import { ListInput, PageOf } from "../../common/list-page.types";
import { BLOCKED_CATEGORIES, BLOCKED_DOMAINS, SITE_FIELDS } from "./site-fields";
import { SITE_CATEGORIES } from "../targeting/site-categories";
import { acceptsZones, Site, SiteStatus } from "./site.entity";
import { AdsTxtStatus } from "./ads-txt-status";
import { adsTxtAdvice } from "./ads-txt-advice";

registerEnumType(SiteStatus, { name: "SiteStatus" });
registerEnumType(AdsTxtStatus, {
  name: "AdsTxtStatus",
  description: "What the last check of the site's /ads.txt found",
  valuesConfig: {
    FOUND: { description: "The file lists the network's line for this publisher" },
    LINE_MISSING: { description: "The file was read and the line is not in it (or not as DIRECT)" },
    NO_FILE: { description: "The site has no ads.txt (HTTP 4xx, or a page that is not text/plain)" },
    FETCH_FAILED: { description: "The file could not be fetched: refused address, time or size limit, redirect, server error" },
  },
});


@ObjectType("Site")
export class SiteView {
  @Field(() => Int) id: number;
  @Field(() => Int) publisherId: number;
  @Field() name: string;
  @Field({ description: "Host name as people read it: an internationalised domain in Unicode, such as bücher.example." }) domain: string;
  @Field({ description: `One of ${SITE_CATEGORIES.join(", ")}.` }) category: string;
  @Field() description: string;
  @Field(() => SiteStatus) status: SiteStatus;
  @Field({ description: "Whether ad zones may be created on the site now (only approved sites hold zones)." }) acceptsZones: boolean;
  @Field(() => String, { nullable: true, description: "Why an admin rejected the site." }) rejectionReason: string | null;
  @Field(() => [String], { description: BLOCKED_CATEGORIES }) blockedCategories: string[];
  @Field(() => [String], { description: BLOCKED_DOMAINS }) blockedDomains: string[];
  @Field(() => GraphQLSafeInt, { description: "Impressions counted on the site's zones this calendar month (in the reporting time zone)." }) monthlyImpressions: number;
  @Field({ description: "The line the publisher adds to the site's /ads.txt so buyers know the network sells it." }) adsTxtLine: string;
  @Field(() => AdsTxtStatus, { nullable: true, description: "The last ads.txt check's outcome; null until the approved site is first checked." }) adsTxtStatus: AdsTxtStatus | null;
  @Field(() => Date, { nullable: true }) adsTxtCheckedAt: Date | null;
  @Field(() => String, { nullable: true, description: "Where the file was read and why the line counts or not." }) adsTxtReason: string | null;
  @Field(() => String, { nullable: true, description: "What the publisher does next, with the line to add; null when the line is listed or not checked yet." })
  adsTxtAdvice: string | null;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true, description: "When the publisher removed the site; it then leaves every list and stays in reports." }) archivedAt: Date | null;

  static from({ site, monthlyImpressions }: { site: Site; monthlyImpressions: number }, adsTxtLine: string): SiteView {
    return Object.assign(new SiteView(), {
      id: site.id,
      publisherId: site.publisherId,
      name: site.name,
      domain: domainToUnicode(site.domain),
      category: site.category,
      description: site.description,
      status: site.status,
      acceptsZones: acceptsZones(site),
      rejectionReason: site.rejectionReason,
      blockedCategories: site.blockedCategories ?? [],
      blockedDomains: (site.blockedDomains ?? []).map((domain) => domainToUnicode(domain)),
      monthlyImpressions,
      adsTxtLine,
      adsTxtStatus: site.adsTxtStatus,
      adsTxtCheckedAt: site.adsTxtCheckedAt,
      adsTxtReason: site.adsTxtReason,
      adsTxtAdvice: adsTxtAdvice(site.adsTxtStatus, site.domain, adsTxtLine),
      createdAt: site.createdAt,
      archivedAt: site.archivedAt,
    });
  }
}

export const [CreateSiteInput, UpdateSiteInput] = createAndUpdateInputs(
  SITE_FIELDS,
  "Site",
  "The fields to change; those left out (or null) stay as they are. A new domain sends an approved site back to review.",
);

@InputType()
export class SiteListInput extends ListInput {
  @Field(() => SiteStatus, { nullable: true, description: "Only rows of this status; every status when left out." }) status?: SiteStatus | null;
}

export const SitePage = PageOf(SiteView, "SitePage");
