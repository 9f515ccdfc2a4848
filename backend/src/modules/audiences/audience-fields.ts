import { Role } from "../../auth/roles";
import type { FieldList } from "../../common/fields/field";
import * as kinds from "../../common/fields/field-kinds";
import { MAX_LENGTH } from "../../common/text-limits";
import type { Audience } from "./audience.entity";
import { audienceDomainsOf } from "./audience-domains";
import { AUDIENCE_RULE_LABELS, AUDIENCE_RULES, type AudienceRule, DEFAULT_AUDIENCE_WINDOW_DAYS, MAX_AUDIENCE_DOMAINS, MAX_AUDIENCE_WINDOW_DAYS, MAX_PAGE_PATTERN_LENGTH, pagePatternOf } from "./audience-rules";
import { AudienceRuleKind } from "./audience-rule-kind";

const ADVERTISER = { setBy: [Role.ADVERTISER], sendsToReview: false } as const;
const RULE = "VISITED (any page of the site domains), VISITED_PAGE (a page whose address matches pagePattern) or CONVERTED (the pixel fired with e=conversion).";
const PATTERN = `For VISITED_PAGE: text the page's address contains, * standing for any characters (/checkout, /shoes/*/sale); at most ${MAX_PAGE_PATTERN_LENGTH} characters. Ignored by the other rules.`;
const WINDOW = `How long a visitor stays a member after their last matching visit, 1 to ${MAX_AUDIENCE_WINDOW_DAYS} days.`;
const DOMAINS = `Your own sites' domains (their subdomains included) the pixel may fire from, 1 to ${MAX_AUDIENCE_DOMAINS}; a pixel fired from any other page adds nobody.`;

/**
 * An audience's editable fields, declared once: the GraphQL inputs, the REST body and its OpenAPI
 * schema, the form's rules and the service's reading of them. The rule between them (a page
 * pattern only the visited_page rule takes, and needs) is code: AudiencesService. Whether
 * `localhost` is a domain depends on the deployment, as for sites.
 */
export const audienceFields = (deployment: { allowLocalhost: boolean }) =>
  [
    { name: "name", column: "name", kind: kinds.text(MAX_LENGTH.name), label: "Name", required: true, ...ADVERTISER },
    {
      name: "rule",
      column: "rule",
      kind: kinds.choice(AUDIENCE_RULES, (rule) => AUDIENCE_RULE_LABELS[rule as AudienceRule], AudienceRuleKind),
      label: "Who joins",
      required: true,
      description: { create: RULE, update: RULE },
      ...ADVERTISER,
    },
    {
      name: "pagePattern",
      column: "pagePattern",
      kind: kinds.document({ graphqlType: () => String, read: pagePatternOf, jsonSchema: { type: "string", maxLength: MAX_PAGE_PATTERN_LENGTH }, limits: { maxLength: MAX_PAGE_PATTERN_LENGTH } }),
      label: "Page address contains",
      default: { value: null },
      description: { create: PATTERN, update: PATTERN },
      ...ADVERTISER,
    },
    {
      name: "windowDays",
      column: "windowDays",
      kind: kinds.integer(1, MAX_AUDIENCE_WINDOW_DAYS),
      label: "Membership window (days)",
      default: { value: DEFAULT_AUDIENCE_WINDOW_DAYS },
      description: { create: `${WINDOW} ${DEFAULT_AUDIENCE_WINDOW_DAYS} when left out.`, update: WINDOW },
      ...ADVERTISER,
    },
    {
      name: "siteDomains",
      column: "siteDomains",
      kind: kinds.document({ graphqlType: () => [String], read: (value) => audienceDomainsOf(value, deployment), limits: { max: MAX_AUDIENCE_DOMAINS } }),
      label: "Your site domains",
      required: true,
      description: { create: DOMAINS, update: DOMAINS },
      ...ADVERTISER,
    },
  ] as const satisfies FieldList<Audience>;

/** The declaration as both doors type it. */
export const AUDIENCE_FIELDS = audienceFields({ allowLocalhost: true });
