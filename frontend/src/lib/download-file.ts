import { saveFile } from "./save-file";
import { getToken } from "./token-storage";

/** What the server names the file (Content-Disposition), so the saved file says its range and breakdown. */
function filenameOf(response: Response, fallback: string) {
  const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return named?.[1] ?? fallback;
}

/** Fetches any file the API serves with the session's bearer token and saves it under the name the server gives. */
export async function downloadFile(url: string, fallbackName: string): Promise<string> {
  const token = getToken();
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const refusal = (await response.json().catch(() => null)) as { detail?: unknown } | null;
    throw new Error(typeof refusal?.detail === "string" ? refusal.detail : `The download failed (${response.status})`);
  }
  const filename = filenameOf(response, fallbackName);
  saveFile(await response.blob(), filename);
  return filename;
}
