import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

/** What each workspace's build reads; a change to any of these files makes its dist stale. */
export const buildInputs = {
  backend: ["src", "tsconfig.json", "tsconfig.build.json", "package.json"],
  frontend: ["src", "public", "scripts", "index.html", "vite.config.ts", "tsconfig.json", "package.json"],
};

// Dependency upgrades change the output as much as our own sources do.
const sharedInputs = ["package-lock.json"];

// Tests are not part of a build, so editing one does not cost a rebuild.
const isTest = (path) => /\.test\.[cm]?[jt]sx?$/.test(path);

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/** A digest of the names and contents of a workspace's build inputs: it changes exactly when a rebuild could. */
export function sourceDigest(root, workspace) {
  const paths = [...buildInputs[workspace].map((input) => join(root, workspace, input)), ...sharedInputs.map((input) => join(root, input))];
  const hash = createHash("sha256");
  for (const file of paths.flatMap(filesUnder).filter((file) => !isTest(file))) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

// Kept inside dist, so deleting dist (or a build that empties it) also forgets the stamp.
const stampFile = (root, workspace) => join(root, workspace, "dist", ".source-digest");

export function builtDigest(root, workspace) {
  const file = stampFile(root, workspace);
  return existsSync(file) ? readFileSync(file, "utf8").trim() : null;
}

export function recordBuild(root, workspace, digest) {
  writeFileSync(stampFile(root, workspace), `${digest}\n`);
}
