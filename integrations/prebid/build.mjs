// Bundles Prebid.js from npm with AdNet's adapter, as a publisher's build would, into one script.
//   node integrations/prebid/build.mjs [entry] [outfile]
// The default entry is the browser test's page: Prebid, the floors module, AdNet and a
// fixed-price competitor. The adapter imports `../src/…` and `../libraries/…` as a file of
// Prebid's modules/ folder does; here those resolve to the sources the npm package ships
// precompiled under dist/src, the same files `import pbjs from 'prebid.js'` loads.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
// The package exports only its entry, dist/src/src/prebid.public.js.
const prebidSources = path.resolve(path.dirname(require.resolve("prebid.js")), "..");

const prebidModuleFolder = {
  name: "prebid-module-folder",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/(src|libraries)\// }, (args) =>
      args.importer.includes(`${path.sep}node_modules${path.sep}`)
        ? undefined
        : { path: path.join(prebidSources, args.path.slice("../".length)) },
    );
  },
};

export async function buildPrebid({ entry = path.join(here, "test-page", "entry.js"), outfile = path.join(here, "dist", "prebid.js") } = {}) {
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    logLevel: "warning",
    plugins: [prebidModuleFolder],
  });
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [entry, outfile] = process.argv.slice(2);
  console.log(await buildPrebid({ entry: entry && path.resolve(entry), outfile: outfile && path.resolve(outfile) }));
}
