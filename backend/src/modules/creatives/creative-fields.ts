import { Role } from "../../auth/roles";
import type { FieldDeclaration, FieldList } from "../../common/fields/field";
import * as kinds from "../../common/fields/field-kinds";
import { MAX_LENGTH } from "../../common/text-limits";
import { MAX_ZONE_PIXELS } from "../zones/zone-sizes";
import { type Creative, CREATIVE_TYPE_LABELS, CREATIVE_TYPES, type CreativeType } from "./creative.entity";
import { nativeFields } from "./native-fields";
import { NativeFieldsInput } from "./native-fields.types";

/** The longest video ad the network takes. */
export const MAX_VIDEO_SECONDS = 60;

/** A video is skippable after at most a minute: the longest video the network takes. */
export const MAX_SKIP_AFTER_SECONDS = MAX_VIDEO_SECONDS;

/**
 * An expandable banner (an image or HTML creative) opens on the visitor's click to a size larger
 * than its own and at most this many times it on each side: a 300x250 to 600x500, as the Ad
 * formats page sells it.
 */
export const MAX_EXPANSION_FACTOR = 2;
export const EXPANDABLE_TYPES: readonly CreativeType[] = ["image", "html"];

/** One side of an expandable banner's open size; the rules between both sides and its own size are CreativesService's. */
const expandedSide = <Name extends "expandedWidth" | "expandedHeight">(name: Name, side: "width" | "height", other: string) =>
  ({
    name,
    column: name,
    kind: kinds.integer(1, MAX_ZONE_PIXELS),
    label: `Expanded ${side}`,
    none: "Does not expand",
    show: (value: unknown) => `${Number(value)} px`,
    description: {
      create: `An image or HTML banner's ${side} in pixels once the visitor clicks it open, sent with ${other}: at least its own ${side} and at most ${MAX_EXPANSION_FACTOR} times it, the whole larger than its own size; null or left out: it does not expand.`,
    },
    ...REVIEWED,
  }) as const;

/** What a URL creative is when its type or size is left out. */
export const CREATIVE_DEFAULTS = { type: "image", width: 728, height: 90 } as const;

/** A creative is shown only once reviewed: what an admin looked at sends it back to review when it changes. */
const REVIEWED = { setBy: [Role.ADVERTISER], sendsToReview: true } as const;

const pixels = (label: string, fallback: number): Pick<FieldDeclaration<Creative>, "kind" | "label" | "default" | "description"> => ({
  kind: kinds.integer(1, MAX_ZONE_PIXELS),
  label,
  default: { value: fallback },
  description: { create: `Pixels; ${fallback} when left out.` },
});

/**
 * What a creative shows, declared once: the GraphQL inputs, the REST body and its OpenAPI schema
 * and which changes need a new review are made from this list. An edit sends the whole content
 * again, so both inputs take these fields as creating does. How they are read together (a URL or
 * an uploaded file, a native ad's texts, a video's length) is code: `CreativesService.contentOf`.
 */
export const CREATIVE_CONTENT_FIELDS = [
  { name: "name", column: "name", kind: kinds.text(MAX_LENGTH.name), label: "Name", required: true, setBy: [Role.ADVERTISER], sendsToReview: false },
  {
    name: "type",
    column: "type",
    kind: kinds.choice(CREATIVE_TYPES, (type) => CREATIVE_TYPE_LABELS[type as CreativeType]),
    label: "Type",
    default: { value: CREATIVE_DEFAULTS.type },
    description: { create: `One of ${CREATIVE_TYPES.join(", ")}; ${CREATIVE_DEFAULTS.type} when left out.` },
    ...REVIEWED,
  },
  {
    name: "contentUrl",
    column: "contentUrl",
    kind: kinds.pictureAddress(),
    label: "Content URL",
    oneOf: "content",
    description: {
      create:
        "http or https URL of the image, video or HTML document, or a native ad's picture (1.91:1 or 1:1, its pixels as width and height); or the /media/ address of one of your uploaded files, or give mediaId instead.",
    },
    ...REVIEWED,
  },
  {
    name: "mediaId",
    column: "mediaId",
    kind: kinds.integer(1, Number.MAX_SAFE_INTEGER),
    label: "Uploaded file",
    oneOf: "content",
    description: { create: "One of your uploaded files (myMedia), instead of contentUrl: size then comes from the file, and type too (an image may also be the picture of a native creative)." },
    ...REVIEWED,
  },
  { name: "clickUrl", column: "clickUrl", kind: kinds.webAddress(), label: "Click URL", description: { create: "http or https landing page." }, ...REVIEWED },
  { name: "width", column: "width", ...pixels("Width", CREATIVE_DEFAULTS.width), ...REVIEWED },
  { name: "height", column: "height", ...pixels("Height", CREATIVE_DEFAULTS.height), ...REVIEWED },
  {
    name: "durationSeconds",
    column: "durationMs",
    kind: kinds.integer(1, MAX_VIDEO_SECONDS),
    label: "Duration",
    description: { create: `A video's length, 1 to ${MAX_VIDEO_SECONDS} seconds: a video needs one to fill a VAST request.` },
    ...REVIEWED,
  },
  {
    name: "skipAfterSeconds",
    column: "skipAfterSeconds",
    kind: kinds.integer(0, MAX_SKIP_AFTER_SECONDS),
    label: "Skippable after",
    none: "Not skippable",
    show: (value) => `${Number(value)} s`,
    description: {
      create: `A video's seconds a viewer watches before a player offers to skip it (VAST skipoffset), 0 to ${MAX_SKIP_AFTER_SECONDS} and shorter than the video; null or left out: not skippable.`,
    },
    // How a player may let a viewer leave the ad changes nothing an admin judged of what it shows.
    setBy: [Role.ADVERTISER],
    sendsToReview: false,
  },
  expandedSide("expandedWidth", "width", "expandedHeight"),
  expandedSide("expandedHeight", "height", "expandedWidth"),
  {
    name: "native",
    column: "nativeFields",
    kind: kinds.document({ graphqlType: () => NativeFieldsInput, read: nativeFields, nestedNames: true }),
    label: "Native texts",
    ...REVIEWED,
  },
] as const satisfies FieldList<Creative>;

/** A new creative's content and the campaign it joins. */
export const CREATIVE_FIELDS: FieldList<Creative> = [
  ...CREATIVE_CONTENT_FIELDS,
  { name: "campaignId", column: "campaignId", kind: kinds.integer(1, Number.MAX_SAFE_INTEGER), label: "Campaign", required: true, description: { create: "One of your own campaigns." }, setBy: [Role.ADVERTISER], sendsToReview: false },
];
