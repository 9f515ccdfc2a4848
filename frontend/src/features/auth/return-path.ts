// A sign-in that a page asked for leads back to it. The way back rides in the landing page's URL
// rather than in memory, so the login form and the landing page's own redirect agree on it.
const PARAM = "next";

/** The landing page, remembering `path` (with its query) as where to go after signing in. */
export const signInPath = (path: string) => `/?${new URLSearchParams({ [PARAM]: path })}`;

/** Where to go after signing in, if the URL names a path on this site. */
export function returnPath(search: URLSearchParams): string | null {
  const path = search.get(PARAM);
  // "//host" and "/\host" would leave the site.
  return path && path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : null;
}
