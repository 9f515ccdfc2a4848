import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { prerender } from "react-dom/static";
import { createMemoryRouter, type RouteObject } from "react-router";
import { App } from "./app/app";
import { routes } from "./app/routes";

/** The public routes of the spec. Dashboards and unknown paths are rendered in the browser. */
export const prerenderedPaths = [
  "/",
  "/traffic-inventory",
  "/traffic-by-region",
  "/monetize-traffic",
  "/payment-terms",
  "/ad-formats",
  "/campaign-management",
  "/targeting-options",
  "/pricing-models",
  "/help-center",
  "/contact-support",
  "/privacy-policy",
  "/terms-of-service",
  "/publisher-login",
  "/advertiser-login",
];

/** A path no route of the app names, rendered as the not-found page the server answers with a 404. */
export const NOT_FOUND_PATH = "/__not-found__";

const pathsOf = (routeList: RouteObject[]): string[] =>
  routeList.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);

/** The router's own paths, for the server: any other path is answered 404. */
export const appRoutePaths = pathsOf(routes).filter((path) => path !== "*");

export interface RenderedPage {
  /** What React hoisted out of the page (its title and description) and the page's styles, for <head>. */
  head: string;
  /** The markup inside the root element. */
  body: string;
}

// A page is prerendered as a first visit sees it: signed out, nothing stored.
const emptyStorage: Storage = {
  length: 0,
  key: () => null,
  getItem: () => null,
  setItem: () => {},
  removeItem: () => {},
  clear: () => {},
};
globalThis.localStorage ??= emptyStorage;

/**
 * Emotion's styles as the <style> tags its browser side adopts instead of inserting them again:
 * global ones one tag each, keyed by name, and the class names' rules in one tag that lists them.
 */
function styleTags(cache: EmotionCache): string {
  const globals: string[] = [];
  const classNames: string[] = [];
  let classRules = "";
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== "string") continue;
    if (cache.registered[`${cache.key}-${name}`] === undefined) {
      globals.push(`<style data-emotion="${cache.key}-global ${name}">${rules}</style>`);
    } else {
      classNames.push(name);
      classRules += rules;
    }
  }
  return `${globals.join("")}<style data-emotion="${cache.key} ${classNames.join(" ")}">${classRules}</style>`;
}

/** React writes a partial page's hoisted <title>, <meta> and <link> elements ahead of its content. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)*/;

export async function renderPage(path: string): Promise<RenderedPage> {
  const cache = createCache({ key: "css" });
  // In compat mode emotion keeps each rule in `cache.inserted` rather than writing a <style> beside
  // every element, so the styles can go into <head> before the content.
  cache.compat = true;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // Unlike renderToString, prerender waits for the lazy pages, so the whole page is in the markup.
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <App router={router} />
    </CacheProvider>,
  );
  const markup = await new Response(prelude).text();
  const hoisted = markup.match(HOISTED)![0];
  return { head: hoisted + styleTags(cache), body: markup.slice(hoisted.length) };
}
