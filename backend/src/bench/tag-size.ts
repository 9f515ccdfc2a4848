/**
 * `npm run size:tag`: the tag's scripts as pages download them, gzipped. What every page loads
 * (/ads.js) must stay within 5 KB; the parts only some ads need are loaded apart, when they come.
 */
import { tagScripts } from "../modules/delivery/answer/tag-scripts";

const EVERY_PAGE_LIMIT = 5 * 1024;

const [networkScript, ...parts] = tagScripts();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
for (const { path, script, gzipped } of [networkScript, ...parts]) {
  console.log(`${path.padEnd(18)} ${kb(script.length).padStart(9)} sent, ${kb(gzipped.length).padStart(8)} gzipped`);
}
const within = networkScript.gzipped.length <= EVERY_PAGE_LIMIT;
console.log(`what every page loads: ${kb(networkScript.gzipped.length)} gzipped (target ≤ 5 KB) ${within ? "PASS" : "FAIL"}`);
process.exitCode = within ? 0 : 1;
