import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

export const SCORE_TARGET = 90;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

// Lighthouse's default is a throttled phone; the desktop preset shows what most visitors get.
const PRESETS = [
  { name: "mobile", config: undefined },
  { name: "desktop", config: desktopConfig },
];

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

function printScores(lhr) {
  console.log(`Lighthouse ${lhr.lighthouseVersion} on ${lhr.finalDisplayedUrl} (${lhr.configSettings.formFactor}):`);
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    const score = Math.round(category.score * 100);
    console.log(`  ${category.title.padEnd(16)} ${String(score).padStart(3)} (target ≥ ${SCORE_TARGET}) ${score >= SCORE_TARGET ? "PASS" : "FAIL"}`);
    if (score < 100) for (const title of failingAudits(lhr, category)) console.log(`    - ${title}`);
  }
  for (const warning of lhr.runWarnings) console.log(`  warning: ${warning}`);
}

/** Runs Lighthouse against `url` as a phone and as a desktop and prints each score. */
export async function reportLighthouse(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  try {
    for (const preset of PRESETS) {
      const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES };
      const result = await lighthouse(url, flags, preset.config);
      if (!result) throw new Error(`Lighthouse (${preset.name}) returned no result`);
      if (result.lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
      printScores(result.lhr);
    }
  } finally {
    await chrome.kill();
  }
}
