import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, test } from "node:test";
import { builtDigest, recordBuild, sourceDigest } from "./source-stamp.mjs";

let root;
const write = (path, text) => {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "source-stamp-"));
  write("package-lock.json", "{}");
  write("backend/package.json", "{}");
  write("backend/src/main.ts", "listen()");
  mkdirSync(join(root, "backend/dist"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test("a workspace never built has no recorded digest, so it is built", () => {
  assert.equal(builtDigest(root, "backend"), null);
});

test("after a build, the unchanged sources match the recorded digest", () => {
  recordBuild(root, "backend", sourceDigest(root, "backend"));
  assert.equal(builtDigest(root, "backend"), sourceDigest(root, "backend"));
});

for (const [change, edit] of [
  ["a source is edited", () => write("backend/src/main.ts", "listen(4000)")],
  ["a source is added", () => write("backend/src/config.ts", "")],
  ["a build setting changes", () => write("backend/tsconfig.json", "{}")],
  ["the dependencies change", () => write("package-lock.json", '{"lockfileVersion":3}')],
]) {
  test(`the build is stale when ${change}`, () => {
    recordBuild(root, "backend", sourceDigest(root, "backend"));
    edit();
    assert.notEqual(sourceDigest(root, "backend"), builtDigest(root, "backend"));
  });
}

test("editing a test does not make the build stale", () => {
  write("backend/src/main.test.ts", "it()");
  recordBuild(root, "backend", sourceDigest(root, "backend"));
  write("backend/src/main.test.ts", "it.only()");
  assert.equal(sourceDigest(root, "backend"), builtDigest(root, "backend"));
});

test("the other workspace's sources do not make this one stale", () => {
  recordBuild(root, "backend", sourceDigest(root, "backend"));
  write("frontend/src/app.tsx", "render()");
  assert.equal(sourceDigest(root, "backend"), builtDigest(root, "backend"));
});
