import type { Audience } from "../features/auth/audience";

/**
 * Facts about public routes that both the app and the static page loader act on. This module and
 * what it imports stay free of React: the loader brings it into every prerendered page.
 */

/** Routes that open the sign-in dialog for one audience as the page shows. */
export const audienceLoginRoutes: Readonly<Record<string, Audience>> = {
  "/publisher-login": "PUBLISHER",
  "/advertiser-login": "ADVERTISER",
};

/**
 * Prerendered pages that need the app as soon as they show, so it loads with them: the login routes
 * open a dialog, and the region page's loading state ends on a timer.
 */
export const routesNeedingTheApp = [...Object.keys(audienceLoginRoutes), "/traffic-by-region"];
