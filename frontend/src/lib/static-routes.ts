import type { Audience } from "./audience";

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

/** Routes that show one section of a page; the section's element has the route's name as its id. */
const SECTION_ROUTES = ["/payment-terms", "/targeting-options", "/pricing-models", "/contact-support"];

/** The section a route shows, if it is one of those. */
export function sectionOfRoute(pathname: string): HTMLElement | null {
  const route = pathname.replace(/(.)\/+$/, "$1").toLowerCase();
  return SECTION_ROUTES.includes(route) ? document.getElementById(route.slice(1)) : null;
}
