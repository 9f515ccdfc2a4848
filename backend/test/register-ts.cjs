// @ts-check
/**
 * Lets a worker thread started from TypeScript sources under jest require .ts files, compiled
 * with the same options as the tests themselves.
 */
const { readFileSync } = require("node:fs");
const { transformSync } = require("@swc/core");
const options = require("./swc-options.cjs");

require.extensions[".ts"] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, "utf8"), { ...options, filename, sourceMaps: "inline" });
  // @ts-expect-error Module#_compile is Node's own loader hook, not in its public types.
  module._compile(code, filename);
};
