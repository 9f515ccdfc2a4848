// Writes each public route as static HTML, dist/<route>/index.html, so it shows without waiting for
// the app's JavaScript and crawlers read it all. Such a page loads only the static page loader,
// which brings the app when the page needs it. Vite's own index.html, with an empty root, is kept as
// dist/shell.html for the routes rendered in the browser only; the not-found page, answered with a
// 404 to any path the app does not know, as dist/not-found.html; and the app's paths, for the
// server to tell the two apart, as dist/app-routes.json.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const DIST = new URL("../dist/", import.meta.url).pathname;
const SERVER_ENTRY = new URL("../dist-ssr/entry-server.js", import.meta.url);
const EMPTY_ROOT = '<div id="root"></div>';
const LOADER_SOURCE = "src/static-page-loader.ts";

// The externals the server build imports (React, Chakra, emotion) in their production builds, as
// the browser runs them.
process.env.NODE_ENV ??= "production";
const { prerenderedPaths, appRoutePaths, NOT_FOUND_PATH } = await import(SERVER_ENTRY.href);

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

/** The static page loader's script, and the small modules it imports, instead of the app's. */
function loaderTags() {
  const manifest = JSON.parse(readFileSync(join(DIST, ".vite", "manifest.json"), "utf8"));
  const loader = manifest[LOADER_SOURCE];
  if (!loader) throw new Error(`${LOADER_SOURCE} is not in Vite's manifest`);
  const imports = (loader.imports ?? []).map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`);
  return [`<script type="module" crossorigin src="/${loader.file}"></script>`, ...imports].join("\n    ");
}

const APP_SCRIPTS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;
const withLoader = (html) => html.replace(APP_SCRIPTS, "").replace("</head>", () => `    ${loaderTags()}\n  </head>`);

// Each page brings its own title; a second one in <head> would win over it.
const template = withLoader(shell.replace(/\s*<title>[^<]*<\/title>/, ""));

async function writePage(path, file) {
  const { head, body } = await renderAlone(path);
  // Replacer functions, because a replacement string would read `$&` in the page's CSS as a pattern.
  const html = template.replace("</head>", () => `${head}</head>`).replace(EMPTY_ROOT, () => `<div id="root">${body}</div>`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
}

for (const path of prerenderedPaths) await writePage(path, join(DIST, path, "index.html"));
await writePage(NOT_FOUND_PATH, join(DIST, "not-found.html"));
writeFileSync(join(DIST, "app-routes.json"), JSON.stringify(appRoutePaths));
console.log(`prerendered ${prerenderedPaths.length} pages and the not-found page in dist/`);
