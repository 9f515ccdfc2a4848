import { basename, join } from "node:path";
import type { Page } from "playwright-core";

export const RESULTS_DIR = join(__dirname, "..", "results");

const stepsTaken = new Map<string, number>();

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);

/**
 * A full-page picture of what the visitor sees now, filed as
 * results/<spec>/<test>/<step number>-<step>.png so a failed run can be read step by step.
 */
export async function screenshot(page: Page, step: string) {
  const { testPath, currentTestName } = expect.getState();
  const folder = join(RESULTS_DIR, basename(testPath ?? "unknown", ".e2e.ts"), slug(currentTestName ?? "unknown"));
  const number = (stepsTaken.get(folder) ?? 0) + 1;
  stepsTaken.set(folder, number);
  await page.screenshot({
    path: join(folder, `${String(number).padStart(2, "0")}-${slug(step)}.png`),
    fullPage: true,
    animations: "disabled",
  });
}
