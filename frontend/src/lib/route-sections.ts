// Which routes show one section of a page: the static pages' layout and the static page loader both scroll to it,
// and the loader runs in every prerendered page, so this stays free of React.

/** Routes that show one section of a page; the section's element has the route's name as its id. */
const SECTION_ROUTES = ["/payment-terms", "/targeting-options", "/pricing-models", "/contact-support"];

/** The section a route shows, if it is one of those. */
export function sectionOfRoute(pathname: string): HTMLElement | null {
  const route = pathname.replace(/(.)\/+$/, "$1").toLowerCase();
  return SECTION_ROUTES.includes(route) ? document.getElementById(route.slice(1)) : null;
}
