import { downloadFile } from "../../../lib/download-file";

/**
 * Fetches a CSV export with the session's bearer token and saves it. A plain link cannot carry the
 * token, which lives in local storage rather than a cookie.
 */
export function downloadCsv(path: string, query: Record<string, string>): Promise<string> {
  return downloadFile(`${path}?${new URLSearchParams(query)}`, "report.csv");
}
