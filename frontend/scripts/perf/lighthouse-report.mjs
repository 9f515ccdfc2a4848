import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

/** The targets a public page aims for, as medians of RUNS mobile runs. */
export const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const CATEGORIES = Object.keys(TARGETS);
const RUNS = 3;
const ATTEMPTS = 3;
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

// Headless in a container: no sandbox or GPU there, and nothing in the background to skew timings.
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--no-first-run",
  "--disable-component-update",
  "--disable-sync",
];

const scoreOf = (lhr, id) => Math.round(lhr.categories[id].score * 100);

/** The run whose score is the median, so the audits and metrics printed are the median run's. */
function medianRun(runs, id) {
  const sorted = [...runs].sort((a, b) => scoreOf(a, id) - scoreOf(b, id));
  return sorted[Math.floor(sorted.length / 2)];
}

/** The category's visible audits that did not fully pass; informative and not-applicable ones have no score. */
function failingAudits(lhr, category) {
  return category.auditRefs
    .filter((ref) => ref.group !== "hidden")
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => typeof audit.score === "number" && audit.score < 1 && audit.scoreDisplayMode !== "informative")
    .map((audit) => (audit.displayValue ? `${audit.title} (${audit.displayValue})` : audit.title));
}

function printMedians(url, runs) {
  const [first] = runs;
  console.log(`Lighthouse ${first.lighthouseVersion} on ${url} (${first.configSettings.formFactor}), median of ${runs.length} runs:`);
  for (const id of CATEGORIES) {
    const median = medianRun(runs, id);
    const score = scoreOf(median, id);
    const verdict = score >= TARGETS[id] ? "PASS" : "FAIL";
    const each = runs.map((lhr) => scoreOf(lhr, id)).join(", ");
    console.log(`  ${median.categories[id].title.padEnd(16)} ${String(score).padStart(3)} (runs ${each}; target ≥ ${TARGETS[id]}) ${verdict}`);
    if (score < 100) for (const title of failingAudits(median, median.categories[id])) console.log(`    - ${title}`);
  }
  const metrics = medianRun(runs, "performance").audits;
  console.log(`  metrics of the median run: ${METRICS.map((id) => `${metrics[id].title} ${metrics[id].displayValue}`).join(", ")}`);
  for (const warning of new Set(runs.flatMap((lhr) => lhr.runWarnings))) console.log(`  warning: ${warning}`);
}

/**
 * One Lighthouse run. On a busy machine Chromium now and then records a trace Lighthouse cannot
 * read (NO_NAVSTART), and Lighthouse's advice is to run again: so a run is tried up to ATTEMPTS times.
 */
async function measure(url, port, attempt = 1) {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const error = result.lhr.runtimeError;
  if (!error) return result.lhr;
  if (attempt < ATTEMPTS) {
    console.log(`  (run failed with ${error.code}, trying again)`);
    return measure(url, port, attempt + 1);
  }
  throw new Error(`Lighthouse could not load ${url}: ${error.message}`);
}

/** Runs Lighthouse as a phone RUNS times on each URL and prints each category's median. */
export async function reportLighthouse(urls) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  try {
    for (const url of urls) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measure(url, chrome.port));
      printMedians(url, runs);
    }
  } finally {
    await chrome.kill();
  }
}
