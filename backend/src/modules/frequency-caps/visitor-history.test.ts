import { createHmac } from "node:crypto";
import { useReportTimeZone } from "../reports/grains";
import { capWindows, weekOfDay } from "./cap-windows";
import {
  historyKey,
  IDENTIFIER_LIFETIME_DAYS,
  MAX_REMEMBERED_CAMPAIGNS,
  newHistory,
  openHistory,
  sealHistory,
  VisitorHistory,
  withImpression,
  withinCaps,
} from "./visitor-history";

const key = historyKey(Buffer.alloc(32, 7));
const at = (iso: string) => capWindows(Date.parse(iso));
// Wednesday 2026-11-25 and the days around it, in UTC.
const WEDNESDAY_NOON = at("2026-11-25T12:10:00Z");

afterEach(() => useReportTimeZone("UTC"));

function seen(times: string[], campaignId = 5, start: VisitorHistory = newHistory(at(times[0]))): VisitorHistory {
  return times.reduce((history, time) => withImpression(history, campaignId, at(time)), start);
}

describe("the windows", () => {
  it("are the clock hour, the reporting day, and the Monday-to-Sunday week", () => {
    expect(WEDNESDAY_NOON.hour).toBe(Math.floor(Date.parse("2026-11-25T12:00:00Z") / 3_600_000));
    expect(WEDNESDAY_NOON.day).toBe(Date.parse("2026-11-25") / 86_400_000);
    expect(at("2026-11-23T00:00:00Z").week).toBe(WEDNESDAY_NOON.week);
    expect(at("2026-11-29T23:59:59Z").week).toBe(WEDNESDAY_NOON.week);
    expect(at("2026-11-22T23:59:59Z").week).toBe(WEDNESDAY_NOON.week - 1);
    expect(at("2026-11-30T00:00:00Z").week).toBe(WEDNESDAY_NOON.week + 1);
    expect(weekOfDay(0)).toBe(weekOfDay(-3)); // Thursday 1970-01-01 and the Monday before it
    expect(weekOfDay(4)).toBe(weekOfDay(0) + 1); // Monday 1970-01-05
  });

  it("cut days where the reporting calendar does", () => {
    useReportTimeZone("America/New_York");
    // 03:00 UTC on the 26th is still the 25th in New York.
    expect(at("2026-11-26T03:00:00Z").day).toBe(Date.parse("2026-11-25") / 86_400_000);
    expect(at("2026-11-26T06:00:00Z").day).toBe(Date.parse("2026-11-26") / 86_400_000);
  });
});

describe("counting", () => {
  it("counts per hour, day, week and flight, each starting again in its next window", () => {
    const history = seen(["2026-11-25T12:10:00Z", "2026-11-25T12:50:00Z", "2026-11-25T15:00:00Z", "2026-11-27T09:00:00Z", "2026-12-01T09:00:00Z"]);
    expect(history.campaigns.get(5)).toMatchObject({ inHour: 1, inDay: 1, inWeek: 1, inFlight: 5 });
    const wednesday = seen(["2026-11-25T12:10:00Z", "2026-11-25T12:50:00Z", "2026-11-25T15:00:00Z"]);
    expect(wednesday.campaigns.get(5)).toMatchObject({ inHour: 1, inDay: 3, inWeek: 3, inFlight: 3 });
    const friday = withImpression(wednesday, 5, at("2026-11-27T09:00:00Z"));
    expect(friday.campaigns.get(5)).toMatchObject({ inHour: 1, inDay: 1, inWeek: 4, inFlight: 4 });
  });

  it("keeps a cap until the window of its period has passed", () => {
    const twice = seen(["2026-11-25T12:10:00Z", "2026-11-25T12:20:00Z"]);
    const reading = { kind: "known" as const, history: twice };
    const perDay = [{ count: 2, per: "day" as const }];
    expect(withinCaps(perDay, 5, reading, at("2026-11-25T23:59:00Z"))).toBe(false);
    expect(withinCaps(perDay, 5, reading, at("2026-11-26T00:00:00Z"))).toBe(true);
    expect(withinCaps([{ count: 2, per: "hour" }], 5, reading, at("2026-11-25T13:00:00Z"))).toBe(true);
    expect(withinCaps([{ count: 3, per: "week" }], 5, reading, at("2026-11-29T20:00:00Z"))).toBe(true);
    expect(withinCaps([{ count: 2, per: "week" }], 5, reading, at("2026-11-29T20:00:00Z"))).toBe(false);
    expect(withinCaps([{ count: 2, per: "week" }], 5, reading, at("2026-11-30T00:00:00Z"))).toBe(true);
    // The flight never starts again; every cap must hold.
    expect(withinCaps([{ count: 2, per: "flight" }], 5, reading, at("2027-02-01T00:00:00Z"))).toBe(false);
    expect(withinCaps([{ count: 9, per: "day" }, { count: 2, per: "flight" }], 5, reading, at("2026-12-01T00:00:00Z"))).toBe(false);
    // Another campaign, no history, or a history we cannot trust.
    expect(withinCaps(perDay, 6, reading, WEDNESDAY_NOON)).toBe(true);
    expect(withinCaps(perDay, 5, { kind: "none" }, WEDNESDAY_NOON)).toBe(true);
    expect(withinCaps(perDay, 5, { kind: "unknown" }, WEDNESDAY_NOON)).toBe(false);
    // Impressions shown on the page and not yet counted in the history count too.
    expect(withinCaps(perDay, 5, { kind: "none" }, WEDNESDAY_NOON, 1)).toBe(true);
    expect(withinCaps(perDay, 5, { kind: "none" }, WEDNESDAY_NOON, 2)).toBe(false);
    const once = { kind: "known" as const, history: seen(["2026-11-25T12:10:00Z"]) };
    expect(withinCaps(perDay, 5, once, WEDNESDAY_NOON, 1)).toBe(false);
  });

  it("remembers a bounded number of campaigns, forgetting the longest unseen", () => {
    let history = newHistory(WEDNESDAY_NOON);
    for (let id = 1; id <= MAX_REMEMBERED_CAMPAIGNS + 1; id++) history = withImpression(history, id, capWindows(Date.parse("2026-11-01T00:00:00Z") + id * 3_600_000));
    expect(history.campaigns.size).toBe(MAX_REMEMBERED_CAMPAIGNS);
    expect(history.campaigns.has(1)).toBe(false);
    expect(history.campaigns.has(MAX_REMEMBERED_CAMPAIGNS + 1)).toBe(true);
    expect(sealHistory(history, key).length).toBeLessThan(2600);
  });
});

describe("the sealed history", () => {
  it("reads back what was sealed", () => {
    const history = withImpression(seen(["2026-11-25T12:10:00Z", "2026-11-25T12:50:00Z"]), 12345, WEDNESDAY_NOON);
    const token = sealHistory(history, key);
    expect(token).toMatch(/^[\w-]{16}\.\d+\.[\d:!]+\.[\w-]{22}$/);
    expect(openHistory(token, key, WEDNESDAY_NOON)).toEqual({ kind: "known", history });
    expect(openHistory(sealHistory(newHistory(WEDNESDAY_NOON), key), key, WEDNESDAY_NOON)).toMatchObject({ kind: "known" });
  });

  it("reads as unknown when changed, signed with another key, mangled or oversized; as none when absent", () => {
    const token = sealHistory(seen(["2026-11-25T12:10:00Z", "2026-11-25T12:50:00Z"]), key);
    const lowered = token.replace(/:2:2:2:2\./, ":0:0:0:0.");
    expect(lowered).not.toBe(token);
    expect(openHistory(lowered, key, WEDNESDAY_NOON)).toEqual({ kind: "unknown" });
    expect(openHistory(token, historyKey(Buffer.alloc(32, 8)), WEDNESDAY_NOON)).toEqual({ kind: "unknown" });
    for (const junk of ["x", "...", token.slice(0, -1), `${token}.`, "a".repeat(5000), ["a", "b"], 42]) {
      expect(openHistory(junk, key, WEDNESDAY_NOON)).toEqual({ kind: "unknown" });
    }
    // Well signed but not well formed is not ours either.
    for (const entries of ["5:x:1:1:1:1:1", "5:1:1", "5:1:1:1:1:1:1!", "5:1:1:1:1:1:1:1"]) {
      const payload = `AAAAAAAAAAAAAAAA.20417.${entries}`;
      const signed = `${payload}.${createHmac("sha256", key).update(payload).digest("base64url").slice(0, 22)}`;
      expect(openHistory(signed, key, WEDNESDAY_NOON)).toEqual({ kind: "unknown" });
    }
    expect(openHistory(undefined, key, WEDNESDAY_NOON)).toEqual({ kind: "none" });
    expect(openHistory("", key, WEDNESDAY_NOON)).toEqual({ kind: "none" });
  });

  it("is given up, identifier and all, thirteen months after the identifier was made", () => {
    const born = newHistory(WEDNESDAY_NOON);
    const token = sealHistory(born, key);
    const lastDay = capWindows(Date.parse("2026-11-25T12:00:00Z") + (IDENTIFIER_LIFETIME_DAYS - 1) * 86_400_000);
    expect(openHistory(token, key, lastDay)).toMatchObject({ kind: "known" });
    const after = capWindows(Date.parse("2026-11-25T12:00:00Z") + IDENTIFIER_LIFETIME_DAYS * 86_400_000);
    expect(openHistory(token, key, after)).toEqual({ kind: "none" });
  });
});
