import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";

export const STARTUP_BUDGET_KB = 200;

const kB = (bytes) => (bytes / 1000).toFixed(2);
const verdict = (bytes) => (bytes <= STARTUP_BUDGET_KB * 1000 ? "PASS" : "FAIL");

/** What a page of the build makes the browser fetch at once: its module scripts and their modulepreloads. */
function startupScripts(distDir, page) {
  const html = readFileSync(join(distDir, page), "utf8");
  const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
  return [...entries, ...preloads];
}

/**
 * A chunk and every chunk it imports statically, which the browser must fetch before it runs.
 * Rollup writes static imports as `import"./x.js"` or `from"./x.js"`; `import("./x.js")` is lazy.
 */
function staticClosure(distDir, file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(distDir, file), "utf8");
  const dir = file.slice(0, file.lastIndexOf("/") + 1);
  for (const m of code.matchAll(/(?:\bimport|\bfrom)\s*["']\.\/([\w.-]+\.js)["']/g)) {
    staticClosure(distDir, dir + m[1], seen);
  }
  return seen;
}

function gzippedSizes(distDir) {
  const cache = new Map();
  return (file) => {
    if (!cache.has(file)) cache.set(file, gzipSync(readFileSync(join(distDir, file))).length);
    return cache.get(file);
  };
}

/** The lazily loaded chunk of each module in `pagesDir`, found by Rollup's `<module>-<hash>.js` naming. */
function lazyPageChunks(distDir, pagesDir) {
  const chunks = readdirSync(join(distDir, "assets"));
  return readdirSync(pagesDir)
    .filter((name) => name.endsWith(".tsx") && !name.endsWith(".test.tsx"))
    .map((name) => {
      const page = basename(name, ".tsx");
      const chunk = chunks.find((c) => c.startsWith(`${page}-`) && /^[\w-]{8}\.js$/.test(c.slice(page.length + 1)));
      return { page, file: chunk ? `assets/${chunk}` : null };
    });
}

/** Prints a set of scripts with their gzipped sizes, and answers the set and its total. */
function printScripts(distDir, page, size, title) {
  const scripts = new Set(startupScripts(distDir, page).flatMap((file) => [...staticClosure(distDir, file)]));
  const bytes = [...scripts].reduce((sum, file) => sum + size(file), 0);
  console.log(title);
  for (const file of scripts) console.log(`  ${file.padEnd(48)} ${kB(size(file)).padStart(8)} kB`);
  return { scripts, bytes };
}

/**
 * Prints the gzipped JavaScript `/` loads before the visitor interacts, the app it loads at the first
 * interaction (what the shell loads at once), and what each public page adds to the app.
 */
export function reportBundleSizes(distDir, publicPagesDir) {
  const size = gzippedSizes(distDir);
  const loader = printScripts(distDir, "index.html", size, "JavaScript / loads before the visitor interacts (gzip; the page is whole without it):");
  console.log(`  total ${kB(loader.bytes)} kB`);
  const app = printScripts(distDir, "shell.html", size, "JavaScript of the app, loaded at the first interaction and by the dashboards' shell (gzip):");
  const initial = app.scripts;
  const initialBytes = app.bytes;
  console.log(`  total ${kB(initialBytes)} kB (target ≤ ${STARTUP_BUDGET_KB} kB) ${verdict(initialBytes)}`);

  console.log("Public pages once the app has loaded (that set plus the page's lazy chunks, gzip):");
  for (const { page, file } of lazyPageChunks(distDir, publicPagesDir)) {
    if (!file) {
      console.log(`  ${page.padEnd(28)} no chunk of its own: bundled with the entry or a shared chunk`);
      continue;
    }
    const added = [...staticClosure(distDir, file)].filter((f) => !initial.has(f));
    const addedBytes = added.reduce((sum, f) => sum + size(f), 0);
    const total = initialBytes + addedBytes;
    console.log(
      `  ${page.padEnd(28)} +${kB(addedBytes).padStart(7)} kB in ${added.length} chunk(s), total ${kB(total)} kB ${verdict(total)}`,
    );
  }
}

/** Prints the size on the wire of each prerendered page, its styles included. */
export function reportPrerenderedHtml(distDir) {
  const pages = ["", ...readdirSync(distDir).filter((name) => existsSync(join(distDir, name, "index.html.br")))];
  console.log("Prerendered pages, styles included (brotli, as served):");
  for (const page of pages) console.log(`  /${page.padEnd(27)} ${kB(statSync(join(distDir, page, "index.html.br")).size).padStart(8)} kB`);
}
