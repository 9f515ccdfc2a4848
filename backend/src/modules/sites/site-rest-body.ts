import type { InputMode } from "../../common/fields/graphql-inputs";
import { fromRestBody, restBodyRules } from "../../common/fields/rest-body";
import { SITE_FIELDS } from "./site-fields";
import type { SiteFields } from "./sites.service";

/** A site's body in the snake_case the spec's clients send, by the declared fields' GraphQL names. */
export const siteFieldsOfBody = (body: Record<string, unknown>): SiteFields => fromRestBody(SITE_FIELDS, body);

/** What the OpenAPI body of adding or editing a site says beyond GraphQL's types: its limits and choices. */
export const siteBodyRules = (mode: InputMode) => restBodyRules(SITE_FIELDS, mode);
