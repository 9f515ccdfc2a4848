import { Float, Int } from "type-graphql";
import { Role } from "../../auth/roles";
import type { FieldList } from "../../common/fields/field";
import * as kinds from "../../common/fields/field-kinds";
import { inputFieldsOf } from "../../common/fields/graphql-inputs";
import { microsToDollars } from "../../common/money";
import { MAX_LENGTH } from "../../common/text-limits";
import { MAX_CPM_MICROS } from "../campaigns/campaign-settings";
import { type AdZone, ZONE_FORMATS, ZONE_LAYOUTS, ZONE_POSITIONS, ZONE_PRESENTATIONS, type ZonePresentation } from "./ad-zone.entity";
import { PRESENTATION_TEXTS } from "./zone-presentation";
import { type HouseItem, houseItems, houseItemsText, MAX_AD_COUNT, MAX_HOUSE_ITEMS } from "./content-recommendation";
import { HouseItemInput, HouseItemView } from "./house-items.types";
import { MAX_TEMPLATE_LENGTH, NATIVE_PLACEHOLDERS, nativeTemplate } from "./native-template";
import { zoneFloorMicros } from "./zone-floor";
import { MAX_ZONE_PIXELS } from "./zone-sizes";
import { BREAK_DEFAULTS, MAX_BREAK_SECONDS, MAX_MIDROLLS, MAX_OFFSET_SECONDS, MAX_POD_ADS, midrollOffsetsOf } from "./ad-breaks";

export const PRESENTATION = `One of ${ZONE_PRESENTATIONS.join(", ")}: interstitial (full screen, closable within 5 s, once an hour per visitor), sticky (anchored to the bottom of the window, dismissible), floating (in a corner of the window, dismissible; zones up to 336x280) and pushdown (pushes the page down from its top, closable, once per session; zones from 970x250) are for banner zones.`;
export const NATIVE_TEMPLATE = `A native zone's markup for its ads, with ${NATIVE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(", ")} filled in escaped; plain tags only (no script, event handlers or style). Blank draws the default card.`;
export const AD_COUNT = `How many ads a native zone shows at once, 1 to ${MAX_AD_COUNT}, each from another advertiser (a content recommendation box); 1 for other zones.`;
export const LAYOUT = `One of ${ZONE_LAYOUTS.join(", ")}: how a zone showing several ads lays them out (side by side in rows, or one under another).`;
export const HOUSE_ITEMS = `A native zone's own articles (title, link, picture), at most ${MAX_HOUSE_ITEMS}, shown in the slots of its ad count that paid ads leave, labelled as the site's; never counted nor billed.`;
const MIDROLLS = `A video zone's mid-rolls: up to ${MAX_MIDROLLS} offsets in whole seconds into the content, rising, from 1 to ${MAX_OFFSET_SECONDS}; empty for none (the pre-roll and post-roll are always there).`;
const FLOOR_INPUT = "Floor price in dollars per thousand impressions, in whole cents, from 0 (any price; the default) to formOptions.maxCpm.";

/** What a new zone is when its size, format or position is left out (or sent blank). */
export const ZONE_DEFAULTS = { width: 728, height: 90, format: "banner", position: "header" } as const;

const PUBLISHER = { setBy: [Role.PUBLISHER], sendsToReview: false } as const;
const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const pixels = (name: "width" | "height", label: string) =>
  ({ name, column: name, kind: kinds.integer(1, MAX_ZONE_PIXELS), label, default: { value: ZONE_DEFAULTS[name] }, blank: "default", description: { create: `Pixels; ${ZONE_DEFAULTS[name]} when left out.`, update: "Pixels." }, ...PUBLISHER }) as const;

const choiceOf = (name: "format" | "position", label: string, values: readonly string[]) =>
  ({
    name,
    column: name,
    kind: kinds.choice(values, capitalised),
    label,
    default: { value: ZONE_DEFAULTS[name] },
    blank: "default",
    description: { create: `One of ${values.join(", ")}; ${ZONE_DEFAULTS[name]} when left out.`, update: `One of ${values.join(", ")}.` },
    ...PUBLISHER,
  }) as const;

/**
 * An ad zone's editable fields, declared once: the GraphQL inputs, the REST body and its OpenAPI
 * schema, and the service's reading of them are made from this list. The rules between them (a
 * presentation only banners take, a template only native zones take) are code: zone-presentation.ts.
 */
export const ZONE_FIELDS = [
  { name: "siteId", column: "siteId", kind: kinds.integer(1, Number.MAX_SAFE_INTEGER), label: "Site", required: true, inputs: ["create"], description: { create: "One of your approved sites." }, ...PUBLISHER },
  { name: "name", column: "name", kind: kinds.text(MAX_LENGTH.name), label: "Name", required: true, ...PUBLISHER },
  pixels("width", "Width"),
  pixels("height", "Height"),
  choiceOf("format", "Format", ZONE_FORMATS),
  choiceOf("position", "Position", ZONE_POSITIONS),
  {
    name: "floor",
    column: "floorMicros",
    kind: kinds.document({
      graphqlType: () => Float,
      read: (value) => zoneFloorMicros(value, 0),
      jsonSchema: { type: "number", minimum: 0, maximum: microsToDollars(MAX_CPM_MICROS) },
      toInput: (value) => microsToDollars(Number(value)),
    }),
    label: "Floor price",
    default: { value: 0 },
    // Typed in dollars and kept in micros: a blank floor, like a left-out one, keeps the zone's own.
    blank: "leftOut",
    description: { create: FLOOR_INPUT, update: FLOOR_INPUT },
    ...PUBLISHER,
  },
  {
    name: "presentation",
    column: "presentation",
    kind: kinds.choice(ZONE_PRESENTATIONS, (value) => PRESENTATION_TEXTS[value as ZonePresentation].label),
    label: "Presentation",
    default: { value: "inline" },
    blank: "default",
    description: { create: PRESENTATION, update: PRESENTATION },
    ...PUBLISHER,
  },
  {
    name: "nativeTemplate",
    column: "nativeTemplate",
    kind: kinds.document({ graphqlType: () => String, read: nativeTemplate, jsonSchema: { type: "string", maxLength: MAX_TEMPLATE_LENGTH } }),
    label: "Native template",
    default: { value: null },
    description: { create: NATIVE_TEMPLATE, update: NATIVE_TEMPLATE },
    ...PUBLISHER,
  },
  { name: "adCount", column: "adCount", kind: kinds.integer(1, MAX_AD_COUNT), label: "Ads shown", default: { value: 1 }, blank: "default", description: { create: AD_COUNT, update: AD_COUNT }, ...PUBLISHER },
  { name: "layout", column: "layout", kind: kinds.choice(ZONE_LAYOUTS, capitalised), label: "Layout", default: { value: "grid" }, blank: "default", description: { create: LAYOUT, update: LAYOUT }, ...PUBLISHER },
  {
    name: "houseItems",
    column: "houseItems",
    kind: kinds.document({
      graphqlType: () => [HouseItemInput],
      answerType: () => [HouseItemView],
      read: houseItems,
      toInput: (value) => (value as HouseItem[] | null) ?? [],
      show: (value) => houseItemsText(value as HouseItem[] | null),
      limits: { max: MAX_HOUSE_ITEMS },
    }),
    label: "House items",
    default: { value: null },
    description: { create: HOUSE_ITEMS, update: HOUSE_ITEMS },
    ...PUBLISHER,
  },
  {
    name: "podSize",
    column: "podSize",
    kind: kinds.integer(1, MAX_POD_ADS),
    label: "Ads per break",
    default: { value: BREAK_DEFAULTS.podSize },
    blank: "default",
    description: { create: `A video zone's most ads in one break (an ad pod), 1 to ${MAX_POD_ADS}; ${BREAK_DEFAULTS.podSize} when left out.`, update: `1 to ${MAX_POD_ADS}.` },
    ...PUBLISHER,
  },
  {
    name: "breakSeconds",
    column: "breakSeconds",
    kind: kinds.integer(5, MAX_BREAK_SECONDS),
    label: "Break length (seconds)",
    default: { value: BREAK_DEFAULTS.breakSeconds },
    blank: "default",
    description: { create: `The longest a video zone's break plays, its ads together, 5 to ${MAX_BREAK_SECONDS} seconds; ${BREAK_DEFAULTS.breakSeconds} when left out.`, update: `5 to ${MAX_BREAK_SECONDS} seconds.` },
    ...PUBLISHER,
  },
  {
    name: "midrollOffsets",
    column: "midrollOffsets",
    kind: kinds.document({
      graphqlType: () => [Int],
      read: midrollOffsetsOf,
      limits: { max: MAX_MIDROLLS },
      jsonSchema: { type: "array", maxItems: MAX_MIDROLLS, items: { type: "integer", minimum: 1, maximum: MAX_OFFSET_SECONDS } },
      show: (value) => ((value as number[]).length === 0 ? "None" : (value as number[]).map((seconds) => `${seconds} s`).join(", ")),
    }),
    label: "Mid-roll offsets",
    default: { value: [] },
    description: { create: MIDROLLS, update: MIDROLLS },
    ...PUBLISHER,
  },
] as const satisfies FieldList<AdZone>;

/** The fields a zone keeps and an edit changes: all but the site it was made on. */
export const ZONE_SETTINGS = inputFieldsOf(ZONE_FIELDS, "update");

/** The columns a zone's settings are stored in. */
export type ZoneSettings = Pick<AdZone, Exclude<(typeof ZONE_FIELDS)[number], { inputs: readonly ["create"] }>["column"]>;
