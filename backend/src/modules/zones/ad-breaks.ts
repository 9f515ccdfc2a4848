import { ValidationError } from "../../common/errors";
import { isBlank } from "../../common/validate";
import type { ZoneFormat } from "./ad-zone.entity";

/**
 * A video zone's ad breaks (VMAP 1.0): a pre-roll, mid-rolls at the publisher's offsets into the
 * content, and a post-roll, each an ad pod of at most the zone's pod size playing at most its break length.
 */

/** The most ads one break holds, whatever a zone or a request asks: past five, viewers leave the break. */
export const MAX_POD_ADS = 5;

/** The longest break a zone may declare, in seconds: three minutes, a television break. */
export const MAX_BREAK_SECONDS = 180;

/** The most mid-rolls a zone declares: one every few minutes of a long programme. */
export const MAX_MIDROLLS = 12;

/** The latest offset a mid-roll may have, in seconds: twelve hours of content. */
export const MAX_OFFSET_SECONDS = 12 * 3600;

/** What a new zone's breaks are when left out: two ads in thirty seconds, and no mid-roll. */
export const BREAK_DEFAULTS = { podSize: 2, breakSeconds: 30 } as const;

const FIELD = "midrollOffsets";

/** Mid-roll offsets as either door sends them (a list of seconds, or text like "300, 600"): whole seconds, rising, within the limits. */
export function midrollOffsetsOf(value: unknown): number[] {
  if (isBlank(value)) return [];
  const list = typeof value === "string" ? value.split(",").map((part) => part.trim()).filter((part) => part !== "").map(Number) : value;
  if (!Array.isArray(list)) throw new ValidationError(FIELD, "Mid-roll offsets must be a list of seconds into the video, such as 300, 600");
  if (list.length > MAX_MIDROLLS) throw new ValidationError(FIELD, `Mid-roll offsets can be at most ${MAX_MIDROLLS}`);
  list.forEach((offset, index) => {
    if (!Number.isInteger(offset) || offset < 1 || offset > MAX_OFFSET_SECONDS) throw new ValidationError(FIELD, `Mid-roll offsets must be whole seconds from 1 to ${MAX_OFFSET_SECONDS}`);
    if (index > 0 && offset <= list[index - 1]) throw new ValidationError(FIELD, "Mid-roll offsets must rise, each later than the one before");
  });
  return list as number[];
}

/** How the offsets are stored: "300,600", or "" for none. */
export const STORED_OFFSETS = {
  to: (offsets: number[] | null | undefined) => (offsets ?? []).join(","),
  // An insert reads back what it wrote, which SQLite's driver hands over as the value given.
  from: (stored: unknown): number[] => (Array.isArray(stored) ? stored : typeof stored === "string" && stored ? stored.split(",").map(Number) : []),
};

/** Mid-rolls are for a player's video: only a video zone declares them. */
export function checkBreaks({ format, midrollOffsets }: { format: ZoneFormat; midrollOffsets: number[] }): void {
  if (midrollOffsets.length > 0 && format !== "video") throw new ValidationError(FIELD, `Mid-roll offsets are for video zones; a ${format} zone has no player to break`);
}
