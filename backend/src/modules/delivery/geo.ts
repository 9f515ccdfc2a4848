import geoip from "geoip-country";

const UNKNOWN_COUNTRY = "XX";

/** Country headers set by common CDNs; a configured one is read first. */
const CDN_COUNTRY_HEADERS = ["cf-ipcountry", "cloudfront-viewer-country"];

const COUNTRY_CODE = /^[A-Z]{2}$/;
/** Codes CDNs use for "unknown" and "Tor": not countries anyone targets. */
const NOT_COUNTRIES = new Set(["XX", "T1", "ZZ"]);

function asCountry(value: unknown): string | null {
  const code = typeof value === "string" ? value.trim().toUpperCase() : "";
  return COUNTRY_CODE.test(code) && !NOT_COUNTRIES.has(code) ? code : null;
}

/** The visitor's country: from the CDN in front when there is one, else from the offline IP database. */
export function visitorCountry(headers: Record<string, string | string[] | undefined>, ip: string, configuredHeader: string | null): string {
  for (const name of configuredHeader ? [configuredHeader, ...CDN_COUNTRY_HEADERS] : CDN_COUNTRY_HEADERS) {
    const country = asCountry(headers[name]);
    if (country) return country;
  }
  return asCountry(geoip.lookup(ip)?.country) ?? UNKNOWN_COUNTRY;
}
