import type { InputMode } from "../../common/fields/graphql-inputs";
import { fromRestBody, restBodyRules } from "../../common/fields/rest-body";
import { CAMPAIGN_FIELDS } from "./campaign-fields";
import type { CampaignFields } from "./campaign-settings";

/**
 * A campaign's settings in the snake_case the spec's clients send, for creating and editing alike;
 * keys left out stay undefined, which an edit leaves unchanged. The legacy form's misspelled `cmp`
 * is the CPM (a declared alias).
 */
export const campaignFieldsOfBody = (body: Record<string, unknown>): CampaignFields => fromRestBody(CAMPAIGN_FIELDS, body);

/** What the OpenAPI body of creating or editing a campaign says beyond GraphQL's types: limits, choices, and that a new one needs its price. */
export const campaignBodyRules = (mode: InputMode) => restBodyRules(CAMPAIGN_FIELDS, mode);
