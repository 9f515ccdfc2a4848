import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { DecodedCache } from "../consent/decoded-cache";

/**
 * A visitor's audience memberships, kept by their browser in a cookie of the ad server's and signed
 * by it, so a page or a person can neither join an audience nor stretch a membership. It travels with
 * every ad request, like the frequency-cap history: targeting an audience never waits on a store.
 *
 * `memberId` is random, made on the visitor's first membership, and only counts distinct members per
 * audience and day (see AudienceSizes); each membership keeps the last day it counts.
 */
export interface Memberships {
  memberId: string;
  /** Audience id to the last day (days since the epoch, UTC) the membership holds. */
  until: Map<number, number>;
}

/** The ad server's cookie of memberships; a visitor clears it at /audiences/opt-out. */
export const MEMBERSHIPS_COOKIE = "adnet_audiences";
/** Audiences a visitor is remembered in at most: the one ending soonest goes first, so the cookie stays under 1 KB. */
export const MAX_MEMBERSHIPS = 48;
const MAX_TOKEN_LENGTH = 1200;
const SIGNATURE_LENGTH = 22;
const MEMBER_ID = /^[A-Za-z0-9_-]{16}$/;
/** Every entry at once (audience:lastDay, separated by `!`): one pass over the text. */
const ENTRIES = /^\d{1,12}:\d{1,6}(?:!\d{1,12}:\d{1,6})*$/;
const DAY_MS = 86_400_000;

export const dayNumber = (atMs: number): number => Math.floor(atMs / DAY_MS);

/** Memberships are signed with a key of their own, derived from the tracking key. */
export function membershipsKey(trackingKey: Buffer): Buffer {
  return createHmac("sha256", trackingKey).update("adnet audience memberships v1").digest();
}

const sign = (key: Buffer, payload: string) => createHmac("sha256", key).update(payload).digest("base64url").slice(0, SIGNATURE_LENGTH);

export const newMemberships = (): Memberships => ({ memberId: randomBytes(12).toString("base64url"), until: new Map() });

/** The cookie's value: `memberId.entries.signature`. */
export function sealMemberships(memberships: Memberships, key: Buffer): string {
  const entries = [...memberships.until].map(([id, day]) => `${id}:${day}`).join("!");
  const payload = `${memberships.memberId}.${entries}`;
  return `${payload}.${sign(key, payload)}`;
}

/** What a cookie holds, signature checked, expired memberships included; null for nothing, or anything not ours. */
export function openMemberships(token: unknown, key: Buffer): Memberships | null {
  if (typeof token !== "string" || token === "" || token.length > MAX_TOKEN_LENGTH) return null;
  const dot = token.lastIndexOf(".");
  if (dot < 0) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(key, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [memberId, entries, extra] = payload.split(".");
  if (extra !== undefined || !MEMBER_ID.test(memberId) || !ENTRIES.test(entries ?? "")) return null;
  const until = new Map<number, number>();
  for (const entry of entries.split("!")) {
    const [id, day] = entry.split(":").map(Number);
    until.set(id, day);
  }
  return { memberId, until };
}

/** The memberships after joining audiences that last `windowDays` each from today; an existing membership is renewed, never shortened. */
export function withJoined(memberships: Memberships, joined: readonly { id: number; windowDays: number }[], today: number): Memberships {
  const until = new Map([...memberships.until].filter(([, day]) => day >= today));
  for (const { id, windowDays } of joined) until.set(id, Math.max(until.get(id) ?? 0, today + windowDays - 1));
  while (until.size > MAX_MEMBERSHIPS) until.delete(soonestEnding(until));
  return { ...memberships, until };
}

function soonestEnding(until: Map<number, number>): number {
  let soonest = -1;
  let soonestDay = Infinity;
  for (const [id, day] of until) {
    if (day < soonestDay) [soonest, soonestDay] = [id, day];
  }
  return soonest;
}

const NONE: readonly number[] = Object.freeze([]);

/**
 * Cookies whose checked signature is remembered: checking one costs about 10 µs (the HMAC and the
 * parse), several times the rest of a decision; 8,192 small entries are about 2 MB.
 */
const REMEMBERED_COOKIES = 8192;

/**
 * What the decision reads of a request's memberships: the audiences the visitor belongs to today
 * that still exist. A visitor sends the same cookie with each ad of each page, so the checked
 * signature is remembered (an LRU keyed by the cookie); a request without the cookie costs nothing.
 */
export class MembershipReader {
  private readonly key: Buffer;
  private readonly opened = new DecodedCache<Memberships | null>(REMEMBERED_COOKIES);

  constructor(trackingKey: Buffer) {
    this.key = membershipsKey(trackingKey);
  }

  audienceIds(cookie: string | undefined, atMs: number, isLive: (audienceId: number) => boolean): readonly number[] {
    if (!cookie) return NONE;
    const memberships = this.opened.get(cookie, (token) => openMemberships(token, this.key));
    if (!memberships) return NONE;
    const today = dayNumber(atMs);
    const ids: number[] = [];
    for (const [id, day] of memberships.until) if (day >= today && isLive(id)) ids.push(id);
    return ids.length === 0 ? NONE : ids;
  }
}
