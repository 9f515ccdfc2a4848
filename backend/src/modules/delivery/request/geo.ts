import geoip from "geoip-country";

const UNKNOWN_COUNTRY = "XX";

const COUNTRY_CODE = /^[A-Z]{2}$/;
/** Codes CDNs use for "unknown" and "Tor": not countries anyone targets. */
const NOT_COUNTRIES = new Set(["XX", "T1", "ZZ"]);

function asCountry(value: unknown): string | null {
  const code = typeof value === "string" ? value.trim().toUpperCase() : "";
  return COUNTRY_CODE.test(code) && !NOT_COUNTRIES.has(code) ? code : null;
}

/**
 * The visitor's country: what the trusted CDN in front says (see cdn-country.ts), else what the
 * offline IP database says of the client's address.
 */
export function visitorCountry(cdnCountry: string | undefined, ip: string): string {
  return asCountry(cdnCountry) ?? asCountry(geoip.lookup(ip)?.country) ?? UNKNOWN_COUNTRY;
}
