import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const PUBLIC_DIR = join(__dirname, "..", "..", "..", "..", "public");
/** The tag's parts a page loads only when an ad needs them (a video player, a native renderer): public/ads/NAME.js. */
const TAG_MODULES_DIR = join(PUBLIC_DIR, "ads");

/** One of the tag's scripts as it is sent: read once, without its comments and indentation, and gzipped. */
export interface TagScript {
  /** The path it is served at. */
  path: string;
  script: Buffer;
  gzipped: Buffer;
}

/** The network script every page loads (/ads.js), then its parts (/ads/NAME.js). */
export function tagScripts(): TagScript[] {
  const modules = existsSync(TAG_MODULES_DIR) ? readdirSync(TAG_MODULES_DIR).filter((file) => /^[a-z-]+\.js$/.test(file)) : [];
  return [tagScript("/ads.js", join(PUBLIC_DIR, "ads.js")), ...modules.map((file) => tagScript(`/ads/${file}`, join(TAG_MODULES_DIR, file)))];
}

function tagScript(path: string, file: string): TagScript {
  const script = Buffer.from(withoutCommentsAndIndent(readFileSync(file, "utf8")));
  return { path, script, gzipped: gzipSync(script, { level: 9 }) };
}

/**
 * The scripts are kept readable in the repository and sent without comments and indentation: every
 * page view of every publisher downloads them. Only whole comment lines are dropped, so no string
 * or expression is touched.
 */
function withoutCommentsAndIndent(source: string): string {
  return source
    .replace(/^\/\*[\s\S]*?\*\/\n/, "")
    .replace(/^\s*\/\/.*\n/gm, "")
    .replace(/^[ \t]+/gm, "");
}
