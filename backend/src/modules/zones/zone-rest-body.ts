import { type InputMode, inputFieldsOf } from "../../common/fields/graphql-inputs";
import { fromRestBody, restBodyRules } from "../../common/fields/rest-body";
import { ZONE_FIELDS } from "./zone-fields";
import type { CreateZoneFields } from "./zones.service";

/** A zone's body in the snake_case the spec's clients send, by the GraphQL names of the fields the input takes (an edit has no site_id). */
export const zoneFieldsOfBody = (mode: InputMode, body: Record<string, unknown>): CreateZoneFields => fromRestBody(inputFieldsOf(ZONE_FIELDS, mode), body);

/** What the OpenAPI body of adding or editing a zone says beyond GraphQL's types: its limits and choices. */
export const zoneBodyRules = (mode: InputMode) => restBodyRules(ZONE_FIELDS, mode);
