import { fromRestBody, restBodyRules } from "../../common/fields/rest-body";
import { CREATIVE_FIELDS } from "./creative-fields";
import type { CreativeFields } from "./creatives.service";

/** A new creative's fields in the snake_case the spec's clients send, its native texts included. */
export const creativeFieldsOfBody = (body: Record<string, unknown>): CreativeFields & { campaignId?: unknown } => fromRestBody(CREATIVE_FIELDS, body);

/** What the OpenAPI body of a new creative says beyond GraphQL's types: limits, choices, and that it shows a URL or an uploaded file, never both. */
export const creativeBodyRules = restBodyRules(CREATIVE_FIELDS, "create");
