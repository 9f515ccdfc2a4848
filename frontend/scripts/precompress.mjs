// Writes .br and .gz beside each built asset, so the server sends compressed files without
// compressing on every request (the backend's static handler picks them by Accept-Encoding).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const DIST = new URL("../dist/", import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(name)) yield path;
  }
}

let count = 0;
for (const path of files(DIST)) {
  const content = readFileSync(path);
  if (content.length < 1024) continue;
  writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in dist/`);
