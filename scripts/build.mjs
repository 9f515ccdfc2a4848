// Builds the workspaces named on the command line, skipping any whose dist was built from the sources
// as they are now; --force builds them all. `npm start` uses it, so an unchanged tree starts at once.
import { spawnSync } from "node:child_process";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { buildInputs, builtDigest, recordBuild, sourceDigest } from "./source-stamp.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const force = args.includes("--force");
const workspaces = args.filter((arg) => arg !== "--force");

for (const workspace of workspaces) {
  if (!(workspace in buildInputs)) throw new Error(`unknown workspace ${workspace}`);
  // Read before building, so an edit made during the build still counts as unbuilt next time.
  const digest = sourceDigest(root, workspace);
  if (!force && builtDigest(root, workspace) === digest) {
    console.log(`${workspace}: built from the current sources, not rebuilding`);
    continue;
  }
  const build = spawnSync("npm", ["run", "build", "-w", workspace], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  recordBuild(root, workspace, digest);
}
