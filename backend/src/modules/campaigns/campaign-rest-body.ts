import { ValidationError } from "../../common/errors";
import type { InputMode } from "../../common/fields/graphql-inputs";
import { fromRestBody, restBodyRules } from "../../common/fields/rest-body";
import { CAMPAIGN_FIELDS } from "./campaign-fields";
import type { CampaignFields } from "./campaign-settings";

/**
 * Keys a campaign once took that now belong elsewhere, with where. A body reading of declared keys
 * would drop them unseen, so a client still sending one is refused, told where the setting went.
 */
const MOVED_KEYS: Readonly<Record<string, string>> = {
  skip_after_seconds: "skip_after_seconds is no longer a campaign's setting: a video is skippable as its video creative says (skip_after_seconds of POST /advertiser/creatives, skipAfterSeconds of the creative in GraphQL)",
};

/**
 * A campaign's settings in the snake_case the spec's clients send, for creating and editing alike;
 * keys left out stay undefined, which an edit leaves unchanged. The legacy form's misspelled `cmp`
 * is the CPM (a declared alias).
 */
export function campaignFieldsOfBody(body: Record<string, unknown>): CampaignFields {
  const moved = Object.keys(MOVED_KEYS).find((key) => key in body);
  if (moved) throw new ValidationError(moved, MOVED_KEYS[moved]);
  return fromRestBody(CAMPAIGN_FIELDS, body);
}

/** What the OpenAPI body of creating or editing a campaign says beyond GraphQL's types: limits, choices, and that a new one needs its price. */
export const campaignBodyRules = (mode: InputMode) => restBodyRules(CAMPAIGN_FIELDS, mode);
