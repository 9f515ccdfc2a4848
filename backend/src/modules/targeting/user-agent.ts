import Bowser from "bowser";
import type { Device } from "./request";

/** The operating systems and browsers rules can name; anything else is "other". */
export const OPERATING_SYSTEMS = { windows: "Windows", macos: "macOS", ios: "iOS", android: "Android", linux: "Linux", chromeos: "ChromeOS" } as const;
export const BROWSERS = { chrome: "Chrome", safari: "Safari", firefox: "Firefox", edge: "Edge", opera: "Opera", samsung: "Samsung Internet" } as const;

export interface UserAgentTraits {
  device: Device;
  os: string;
  browser: string;
}

/** User-Agent Client Hints as sent, unparsed: Sec-CH-UA-Mobile, Sec-CH-UA-Platform, Sec-CH-UA. */
export interface ClientHints {
  mobile?: string;
  platform?: string;
  brands?: string;
}

const OS_BY_NAME: Record<string, string> = { windows: "windows", macos: "macos", ios: "ios", android: "android", linux: "linux", "chrome os": "chromeos", chromeos: "chromeos" };
const BROWSER_BY_NAME: Record<string, string> = {
  chrome: "chrome",
  chromium: "chrome",
  "google chrome": "chrome",
  safari: "safari",
  firefox: "firefox",
  "microsoft edge": "edge",
  opera: "opera",
  "samsung internet for android": "samsung",
  "samsung internet": "samsung",
};
const DEVICE_BY_PLATFORM: Record<string, Device> = { desktop: "desktop", mobile: "mobile", tablet: "tablet" };

/** Distinct user agents whose parse is kept: a few hundred cover nearly all traffic; a flood of made-up ones empties it. */
const REMEMBERED_USER_AGENTS = 5_000;
const parsed = new Map<string, UserAgentTraits>();
const UNKNOWN: UserAgentTraits = { device: "other", os: "other", browser: "other" };

function parse(userAgent: string): UserAgentTraits {
  const { browser, os, platform } = Bowser.parse(userAgent);
  return {
    device: DEVICE_BY_PLATFORM[platform.type ?? ""] ?? "other",
    os: OS_BY_NAME[(os.name ?? "").toLowerCase()] ?? "other",
    browser: BROWSER_BY_NAME[(browser.name ?? "").toLowerCase()] ?? "other",
  };
}

function parsedOnce(userAgent: string | undefined): UserAgentTraits {
  if (!userAgent) return UNKNOWN;
  let traits = parsed.get(userAgent);
  if (traits === undefined) {
    traits = parse(userAgent);
    if (parsed.size >= REMEMBERED_USER_AGENTS) parsed.clear();
    parsed.set(userAgent, traits);
  }
  return traits;
}

/** `"Windows"` or `Windows`: a structured-header string, unquoted; anything odd is no hint. */
function unquoted(value: string | undefined): string {
  if (!value || value.length > 64) return "";
  return value.trim().replace(/^"(.*)"$/, "$1").toLowerCase();
}

/** The first brand of `"Chromium";v="130", "Microsoft Edge";v="130"` a rule can name, preferring a specific one over Chromium. */
function brandOf(brands: string | undefined): string | null {
  if (!brands || brands.length > 512) return null;
  const names = [...brands.matchAll(/"([^"]{1,64})"\s*;\s*v=/g)].map((match) => BROWSER_BY_NAME[match[1].toLowerCase()]).filter(Boolean);
  return names.find((name) => name !== "chrome") ?? names[0] ?? null;
}

/**
 * The device, operating system and browser of a request: the user agent's parse (kept per user
 * agent string), corrected by the client hints a Chromium browser sends, which stay exact where
 * its user agent string is frozen. A malformed hint is ignored, never an error.
 */
export function userAgentTraits(userAgent: string | undefined, hints: ClientHints = {}): UserAgentTraits {
  const traits = parsedOnce(userAgent);
  const mobile = hints.mobile?.trim() === "?1";
  const platform = OS_BY_NAME[unquoted(hints.platform)];
  const brand = brandOf(hints.brands);
  if (!mobile && !platform && !brand) return traits;
  return {
    device: mobile && traits.device !== "tablet" ? "mobile" : traits.device,
    os: platform ?? traits.os,
    browser: brand ?? traits.browser,
  };
}
