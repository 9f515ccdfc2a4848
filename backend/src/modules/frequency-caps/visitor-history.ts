import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { CapWindows } from "./cap-windows";
import { weekOfDay } from "./cap-windows";
import type { FrequencyCap } from "./frequency-caps";

/**
 * A visitor's recent impressions of capped campaigns, kept by their browser (a cookie of the ad
 * server's, or the page's local storage when third-party cookies are blocked) and signed by the ad
 * server so a page or a person cannot lower the counts. It travels with every ad request: checking
 * caps never waits on a store.
 *
 * Per campaign it keeps the clock hour and the day of the last impression and four counters: in
 * that hour, that day, that day's week and the whole flight. A counter holds while its window is
 * the current one; any impression in a later window starts it again at 1.
 */
export interface CampaignImpressions {
  hour: number;
  day: number;
  inHour: number;
  inDay: number;
  inWeek: number;
  inFlight: number;
}

export interface VisitorHistory {
  /** Random, made by the ad server the first time a capped ad is counted for this browser. */
  visitorId: string;
  /** The day the identifier was made: it is given up after IDENTIFIER_LIFETIME_DAYS. */
  bornDay: number;
  campaigns: Map<number, CampaignImpressions>;
}

/** Thirteen months, the longest an advertising identifier may live under the CNIL's reading of ePrivacy; never extended. */
export const IDENTIFIER_LIFETIME_DAYS = 395;
/** Campaigns remembered at most: the history of the longest-unseen ones goes first, so a cookie stays about 2 KB. */
export const MAX_REMEMBERED_CAMPAIGNS = 64;
/** Longer than a full history can be: anything longer is not ours and is not even hashed. */
const MAX_TOKEN_LENGTH = 3000;
const SIGNATURE_LENGTH = 22;
const VISITOR_ID = /^[A-Za-z0-9_-]{16}$/;
/** Every entry at once (campaign:hour:day:inHour:inDay:inWeek:inFlight, separated by `!`): one pass over the text, not one per entry. */
const ENTRIES = /^(?:\d{1,12}(?::\d{1,12}){6}(?:!\d{1,12}(?::\d{1,12}){6})*)?$/;

/** What a request's history turned out to be: none yet, a good one, or one that is not ours (forged, mangled or withheld). */
export type HistoryReading = { kind: "none" } | { kind: "unknown" } | { kind: "known"; history: VisitorHistory };

export const NO_HISTORY: HistoryReading = { kind: "none" };
export const UNKNOWN_HISTORY: HistoryReading = { kind: "unknown" };

/** Histories are signed with a key of their own, derived from the tracking key. */
export function historyKey(trackingKey: Buffer): Buffer {
  return createHmac("sha256", trackingKey).update("adnet visitor history v1").digest();
}

const sign = (key: Buffer, payload: string) => createHmac("sha256", key).update(payload).digest("base64url").slice(0, SIGNATURE_LENGTH);

export function newHistory(windows: CapWindows): VisitorHistory {
  return { visitorId: randomBytes(12).toString("base64url"), bornDay: windows.day, campaigns: new Map() };
}

/** The history as a cookie value or a query parameter: `id.bornDay.entries.signature`, entries separated by `!`. */
export function sealHistory(history: VisitorHistory, key: Buffer): string {
  const entries = [...history.campaigns].map(([id, c]) => `${id}:${c.hour}:${c.day}:${c.inHour}:${c.inDay}:${c.inWeek}:${c.inFlight}`);
  const payload = `${history.visitorId}.${history.bornDay}.${entries.join("!")}`;
  return `${payload}.${sign(key, payload)}`;
}

/**
 * The history a request carried. Nothing, or an identifier past its lifetime, reads as no history
 * (a new visitor); anything not signed by us or not well formed reads as unknown, never as an error.
 */
export function openHistory(token: unknown, key: Buffer, windows: CapWindows): HistoryReading {
  if (token === undefined || token === "") return NO_HISTORY;
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return UNKNOWN_HISTORY;
  const dot = token.lastIndexOf(".");
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(key, payload));
  if (dot < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return UNKNOWN_HISTORY;
  const [visitorId, bornText, entriesText, extra] = payload.split(".");
  const bornDay = Number(bornText);
  if (extra !== undefined || entriesText === undefined || !VISITOR_ID.test(visitorId) || !/^\d{1,6}$/.test(bornText)) return UNKNOWN_HISTORY;
  if (windows.day - bornDay >= IDENTIFIER_LIFETIME_DAYS) return NO_HISTORY;
  if (!ENTRIES.test(entriesText)) return UNKNOWN_HISTORY;
  const campaigns = new Map<number, CampaignImpressions>();
  for (const entry of entriesText === "" ? [] : entriesText.split("!")) {
    const [id, hour, day, inHour, inDay, inWeek, inFlight] = entry.split(":").map(Number);
    campaigns.set(id, { hour, day, inHour, inDay, inWeek, inFlight });
  }
  return { kind: "known", history: { visitorId, bornDay, campaigns } };
}

/** How many impressions of the campaign the history counts in the current window of each period. */
export function impressionsNow(seen: CampaignImpressions | undefined, windows: CapWindows) {
  if (!seen) return { hour: 0, day: 0, week: 0, flight: 0 };
  return {
    hour: seen.hour === windows.hour ? seen.inHour : 0,
    day: seen.day === windows.day ? seen.inDay : 0,
    week: weekOfDay(seen.day) === windows.week ? seen.inWeek : 0,
    flight: seen.inFlight,
  };
}

/**
 * Whether one more impression of a campaign with these caps keeps every promise, for the visitor
 * the reading describes, counting `pending` impressions the history does not hold yet (shown on
 * the page, their beacons not answered).
 */
export function withinCaps(caps: readonly FrequencyCap[], campaignId: number, reading: HistoryReading, windows: CapWindows, pending = 0): boolean {
  if (reading.kind === "unknown") return false;
  const seen = impressionsNow(reading.kind === "known" ? reading.history.campaigns.get(campaignId) : undefined, windows);
  return caps.every((cap) => seen[cap.per] + pending < cap.count);
}

/** The history after one more counted impression of the campaign; the longest-unseen campaigns make room. */
export function withImpression(history: VisitorHistory, campaignId: number, windows: CapWindows): VisitorHistory {
  const now = impressionsNow(history.campaigns.get(campaignId), windows);
  const campaigns = new Map(history.campaigns);
  campaigns.delete(campaignId);
  while (campaigns.size >= MAX_REMEMBERED_CAMPAIGNS) campaigns.delete(longestUnseen(campaigns));
  campaigns.set(campaignId, {
    hour: windows.hour,
    day: windows.day,
    inHour: now.hour + 1,
    inDay: now.day + 1,
    inWeek: now.week + 1,
    inFlight: now.flight + 1,
  });
  return { ...history, campaigns };
}

function longestUnseen(campaigns: Map<number, CampaignImpressions>): number {
  let oldest = -1;
  let oldestHour = Infinity;
  for (const [id, seen] of campaigns) {
    if (seen.hour < oldestHour) {
      oldest = id;
      oldestHour = seen.hour;
    }
  }
  return oldest;
}
