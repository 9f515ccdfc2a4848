const path = require("node:path");

// The adapter is written as a file of Prebid's own modules/ folder; its `../src/…` and
// `../libraries/…` imports are Prebid's precompiled sources in the npm package.
// The package exports only its entry, dist/src/src/prebid.public.js.
const prebidSources = path.resolve(path.dirname(require.resolve("prebid.js")), "..");

/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  // jsdom lent Node's Fetch API, which Prebid's ajax binds when it loads.
  testEnvironment: "<rootDir>/../../frontend/jest.environment.cjs",
  testMatch: ["<rootDir>/*.spec.js"],
  moduleNameMapper: {
    "^\\.\\./src/(.*)$": `${prebidSources}/src/$1`,
    "^\\.\\./libraries/(.*)$": `${prebidSources}/libraries/$1`,
    "^prebid\\.js/modules/(.*)$": `${prebidSources}/modules/$1`,
  },
  // Prebid and its helpers ship as ES modules: compile them along with the adapter.
  transformIgnorePatterns: [],
  transform: {
    "\\.m?js$": ["@swc/jest", { jsc: { target: "es2022" }, module: { type: "commonjs" } }],
  },
};
