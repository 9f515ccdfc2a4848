import { BROWSER_UA, LiveAd, publisherStats, trafficQuality } from "./ad-fixtures";
import { signInAdmin } from "./factories";
import type { TestApp } from "./test-app";

/** Our proxy speaks for visitors through X-Forwarded-For: the tests' connections come from loopback. */
export const BEHIND_PROXY = { TRUST_PROXY: "127.0.0.1", COUNTRY_HEADER: "cf-ipcountry", MIN_CLICK_DELAY_MS: "0" };

/** A browser's headers, with the address our proxy says it comes from. */
export const from = (address: string, headers: Record<string, string> = {}) => ({ "user-agent": BROWSER_UA, "x-forwarded-for": address, ...headers });

export async function serveTo(app: TestApp, ad: LiveAd, headers: Record<string, string>, page = ad.page) {
  const response = await fetch(`${app.url}/serve?zone=${ad.zoneId}&page=${encodeURIComponent(page)}`, { headers });
  return (await response.json()) as Record<string, any>;
}

export const beacon = (url: string, headers: Record<string, string>) => fetch(url, { method: "POST", headers });

/** Refused events so far, as "event:reason" → count. */
export async function refusals(app: TestApp) {
  await app.app.services.delivery.flush();
  const report = await trafficQuality(app, await signInAdmin(app));
  return Object.fromEntries(report.byReason.map((row) => [`${row.event}:${row.reason}`, row.events]));
}

export async function impressions(app: TestApp, ad: LiveAd) {
  await app.app.services.delivery.flush();
  return (await publisherStats(app, ad.publisher)).impressions as number;
}
