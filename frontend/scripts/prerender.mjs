// Writes each public route as static HTML, dist/<route>/index.html, so it shows without waiting for
// the app's JavaScript and crawlers read it all. The browser then hydrates it. Vite's own index.html,
// with an empty root, is kept as dist/shell.html for the routes rendered in the browser only.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const DIST = new URL("../dist/", import.meta.url).pathname;
const SERVER_ENTRY = new URL("../dist-ssr/entry-server.js", import.meta.url);
const EMPTY_ROOT = '<div id="root"></div>';

// The externals the server build imports (React, Chakra, emotion) in their production builds, as
// the browser runs them.
process.env.NODE_ENV ??= "production";
const { prerenderedPaths } = await import(SERVER_ENTRY.href);

/**
 * Renders `path` with a fresh copy of the app's modules. Chakra memoizes style objects in its
 * system under a key that ignores property order, so a page rendered after others could get class
 * names the browser, rendering that page alone, does not compute, and hydration would not match.
 */
async function renderAlone(path) {
  const { renderPage } = await import(`${SERVER_ENTRY.href}?page=${encodeURIComponent(path)}`);
  return renderPage(path);
}

const shell = readFileSync(join(DIST, "index.html"), "utf8");
if (!shell.includes(EMPTY_ROOT)) throw new Error("dist/index.html is not Vite's shell: run vite build first");
writeFileSync(join(DIST, "shell.html"), shell);

/**
 * The page needs none of the app's scripts to show, so they are fetched at low priority, after
 * what it does need. They still run as soon as they are in: a button works only once React has
 * taken over the page, and React answers a click that comes while it is doing so.
 */
const atLowPriority = (html) =>
  html.replace(/<(script type="module"|link rel="modulepreload")/g, (_tag, opening) => `<${opening} fetchpriority="low"`);

// Each page brings its own title; a second one in <head> would win over it.
const template = atLowPriority(shell.replace(/\s*<title>[^<]*<\/title>/, ""));

for (const path of prerenderedPaths) {
  const { head, body } = await renderAlone(path);
  // Replacer functions, because a replacement string would read `$&` in the page's CSS as a pattern.
  const html = template.replace("</head>", () => `${head}</head>`).replace(EMPTY_ROOT, () => `<div id="root">${body}</div>`);
  const file = join(DIST, path, "index.html");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
}
console.log(`prerendered ${prerenderedPaths.length} pages in dist/`);
