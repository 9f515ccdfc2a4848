/** What the last check of a site's ads.txt found (see seller-identity/ads-txt-crawler.ts), kept on the site. */
export enum AdsTxtStatus {
  FOUND = "found",
  LINE_MISSING = "line_missing",
  NO_FILE = "no_file",
  FETCH_FAILED = "fetch_failed",
}
