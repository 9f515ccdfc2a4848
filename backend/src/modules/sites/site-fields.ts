import { Role } from "../../auth/roles";
import type { FieldList } from "../../common/fields/field";
import * as kinds from "../../common/fields/field-kinds";
import { MAX_LENGTH } from "../../common/text-limits";
import { SITE_CATEGORIES } from "../targeting/site-categories";
import type { Site } from "./site.entity";
import { blockedCategoriesOf, blockedDomainsOf, MAX_BLOCKED_DOMAINS } from "./site-blocks";

export const BLOCKED_CATEGORIES = "Advertiser categories (formOptions.advertiserCategories) whose ads never show on the site.";
export const BLOCKED_DOMAINS = `Landing domains, such as rival.example, whose ads (and their subdomains') never show on the site; at most ${MAX_BLOCKED_DOMAINS}.`;
const DOMAIN = "Host name such as news.example.com, in Unicode or punycode; unique among your sites.";
const CATEGORY = `One of ${SITE_CATEGORIES.join(", ")}.`;

/** What a publisher sets; only another domain is a site the admins have not seen. */
const PUBLISHER = { setBy: [Role.PUBLISHER], sendsToReview: false } as const;

/**
 * A site's editable fields, declared once: the GraphQL inputs, the REST body and its OpenAPI
 * schema, and how the service reads them. Whether `localhost` is a domain depends on the
 * deployment (LOCALHOST_SITES), so the declaration is made for one; the doors' types are the same either way.
 */
export const siteFields = (deployment: { allowLocalhost: boolean }) =>
  [
    {
      name: "domain",
      column: "domain",
      kind: kinds.hostName(deployment),
      label: "Domain",
      required: true,
      description: { create: `${DOMAIN} localhost is accepted outside production.`, update: DOMAIN },
      setBy: [Role.PUBLISHER],
      sendsToReview: true,
    },
    { name: "name", column: "name", kind: kinds.text(MAX_LENGTH.name), label: "Name", required: true, ...PUBLISHER },
    {
      name: "category",
      column: "category",
      kind: kinds.choice(SITE_CATEGORIES, (category) => category.charAt(0).toUpperCase() + category.slice(1)),
      label: "Category",
      required: true,
      description: { create: CATEGORY, update: CATEGORY },
      ...PUBLISHER,
    },
    { name: "description", column: "description", kind: kinds.text(MAX_LENGTH.description), label: "Description", required: true, ...PUBLISHER },
    {
      name: "blockedCategories",
      column: "blockedCategories",
      kind: kinds.document({ graphqlType: () => [String], read: blockedCategoriesOf }),
      label: "Blocked categories",
      default: { value: [] },
      description: { create: BLOCKED_CATEGORIES, update: `${BLOCKED_CATEGORIES} An empty list blocks none.` },
      ...PUBLISHER,
    },
    {
      name: "blockedDomains",
      column: "blockedDomains",
      kind: kinds.document({ graphqlType: () => [String], read: (value) => blockedDomainsOf(value, deployment), limits: { max: MAX_BLOCKED_DOMAINS } }),
      label: "Blocked domains",
      default: { value: [] },
      description: { create: BLOCKED_DOMAINS, update: `${BLOCKED_DOMAINS} An empty list blocks none.` },
      ...PUBLISHER,
    },
  ] as const satisfies FieldList<Site>;

/** The declaration as both doors type it. */
export const SITE_FIELDS = siteFields({ allowLocalhost: true });
