import { capWindows } from "./cap-windows";
import type { FrequencyCap } from "./frequency-caps";
import {
  HistoryReading,
  historyKey,
  IDENTIFIER_LIFETIME_DAYS,
  newHistory,
  openHistory,
  sealHistory,
  UNKNOWN_HISTORY,
  VisitorHistory,
  withImpression,
  withinCaps,
} from "./visitor-history";

/** The history a request brought: the ad server's cookie, the copy the tag keeps in the page's storage, and whether the page's consent forbids both. */
export interface CarriedHistory {
  cookie: string | undefined;
  page: unknown;
  /** The page's consent signal refuses storage: nothing was read and nothing may be written. */
  withheld: boolean;
  /**
   * The campaigns the page showed whose beacons are not answered yet, comma-separated: zones of
   * one page ask at once. Unsigned, and safe so: it can only keep the page's own ads from serving.
   */
  shown: unknown;
}

/** What the impression beacon answers after a capped impression: the new cookie, and the page's own copy when it came without the cookie. */
export interface UpdatedHistory {
  cookie: string;
  cookieMaxAgeSeconds: number;
  page: string | null;
}

const DAY_SECONDS = 86_400;
/** A page shows a handful of ads; a longer list is not the tag's and is ignored. */
const SHOWN = /^\d{1,12}(,\d{1,12}){0,15}$/;

const shownCampaigns = (shown: unknown): number[] => (typeof shown === "string" && SHOWN.test(shown) ? shown.split(",").map(Number) : []);

function countOf(ids: number[], id: number): number {
  let count = 0;
  for (const each of ids) if (each === id) count++;
  return count;
}

/**
 * Frequency caps at the ad server's two doors: the decision asks whether a capped campaign may
 * serve this visitor; a counted impression of a capped campaign moves the visitor's history.
 * The ad server's cookie, where the browser sends it, is the network-wide history and wins; without
 * it the page's copy (per site) counts.
 */
export class VisitorHistories {
  private readonly key: Buffer;

  constructor(trackingKey: Buffer) {
    this.key = historyKey(trackingKey);
  }

  /**
   * The decision's check for one request: the history is opened (its signature checked) at most
   * once, and only if a capped campaign is a candidate; each check after that is a map lookup.
   * `alsoShown`: the campaign's ads already chosen for other zones of the same page request.
   */
  gate(carried: CarriedHistory, atMs: number): (campaignId: number, caps: readonly FrequencyCap[], alsoShown?: number) => boolean {
    const windows = capWindows(atMs);
    let reading: HistoryReading | null = null;
    let shown: number[] = [];
    return (campaignId, caps, alsoShown = 0) => {
      if (!reading) {
        reading = this.read(carried, windows);
        shown = shownCampaigns(carried.shown);
      }
      return withinCaps(caps, campaignId, reading, windows, countOf(shown, campaignId) + alsoShown);
    };
  }

  /**
   * The histories after a counted impression: of a capped campaign, counted; of an uncapped one
   * (campaignId null), nothing changes unless a history could not be read, which is then replaced
   * by an empty one, or it would keep every capped campaign from this visitor until it expires.
   * Null when there is nothing to keep, or the page's consent forbids keeping anything.
   */
  afterImpression(carried: CarriedHistory, campaignId: number | null, atMs: number): UpdatedHistory | null {
    if (carried.withheld) return null;
    const windows = capWindows(atMs);
    const fromCookie = openHistory(carried.cookie, this.key, windows);
    const fromPage = openHistory(carried.page, this.key, windows);
    if (campaignId === null && fromCookie.kind !== "unknown" && fromPage.kind !== "unknown") return null;
    const counted = (history: VisitorHistory) => (campaignId === null ? history : withImpression(history, campaignId, windows));
    // The page's copy gets an identifier of its own: the network's identifier never reaches a page's script.
    const cookieHistory = counted(fromCookie.kind === "known" ? fromCookie.history : newHistory(windows));
    const pageHistory = fromCookie.kind === "known" ? null : counted(fromPage.kind === "known" ? fromPage.history : newHistory(windows));
    return {
      cookie: sealHistory(cookieHistory, this.key),
      cookieMaxAgeSeconds: (cookieHistory.bornDay + IDENTIFIER_LIFETIME_DAYS - windows.day) * DAY_SECONDS,
      page: pageHistory ? sealHistory(pageHistory, this.key) : null,
    };
  }

  /**
   * The visitor the network's cookie names, for cookie sync: a new, empty history when it names none
   * that can be read, which the answer then sets as the cookie.
   */
  identify(cookie: string | undefined, atMs: number): { visitorId: string; newCookie: UpdatedHistory | null } {
    const windows = capWindows(atMs);
    const reading = openHistory(cookie, this.key, windows);
    if (reading.kind === "known") return { visitorId: reading.history.visitorId, newCookie: null };
    const history = newHistory(windows);
    return { visitorId: history.visitorId, newCookie: { cookie: sealHistory(history, this.key), cookieMaxAgeSeconds: IDENTIFIER_LIFETIME_DAYS * DAY_SECONDS, page: null } };
  }

  /** The identifier of the visitor's history, for counting reach; null when they carry none (new, refused, or consent withholds it). */
  visitorIdOf(carried: CarriedHistory, atMs: number): string | null {
    const reading = this.read(carried, capWindows(atMs));
    return reading.kind === "known" ? reading.history.visitorId : null;
  }

  private read(carried: CarriedHistory, windows: ReturnType<typeof capWindows>): HistoryReading {
    if (carried.withheld) return UNKNOWN_HISTORY;
    const fromCookie = openHistory(carried.cookie, this.key, windows);
    return fromCookie.kind === "none" ? openHistory(carried.page, this.key, windows) : fromCookie;
  }
}
