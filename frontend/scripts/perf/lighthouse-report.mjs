import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const SCORE_TARGET = 90;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

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

/** The category's visible audits that did not fully pass; informative and not-applicable ones have no score. */
function failingAudits(lhr, category) {
  return category.auditRefs
    .filter((ref) => ref.group !== "hidden")
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => typeof audit.score === "number" && audit.score < 1 && audit.scoreDisplayMode !== "informative")
    .map((audit) => (audit.displayValue ? `${audit.title} (${audit.displayValue})` : audit.title));
}

/** Runs Lighthouse once against `url` with its default (mobile) settings and prints each score. */
export async function reportLighthouse(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);

    console.log(`Lighthouse ${lhr.lighthouseVersion} on ${url} (${lhr.configSettings.formFactor}):`);
    for (const id of CATEGORIES) {
      const category = lhr.categories[id];
      const score = Math.round(category.score * 100);
      console.log(`  ${category.title.padEnd(16)} ${String(score).padStart(3)} (target ≥ ${SCORE_TARGET}) ${score >= SCORE_TARGET ? "PASS" : "FAIL"}`);
      if (score < 100) for (const title of failingAudits(lhr, category)) console.log(`    - ${title}`);
    }
    for (const warning of lhr.runWarnings) console.log(`  warning: ${warning}`);
  } finally {
    await chrome.kill();
  }
}
