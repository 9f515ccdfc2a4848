import { registerEnumType } from "type-graphql";

/** The GraphQL names of the audience rules (AUDIENCE_RULES). */
export enum AudienceRuleKind {
  VISITED = "visited",
  VISITED_PAGE = "visited_page",
  CONVERTED = "converted",
}
registerEnumType(AudienceRuleKind, { name: "AudienceRule", description: "How a visitor joins an audience, from what the advertiser's audience pixel reports." });
