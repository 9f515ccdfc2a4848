/**
 * The browser suite: the built app in a child process, driven through Debian's Chromium.
 * @type {import('jest').Config}
 */
module.exports = {
  rootDir: __dirname,
  testEnvironment: "node",
  testMatch: ["<rootDir>/**/*.e2e.ts"],
  globalSetup: "<rootDir>/global-setup.ts",
  globalTeardown: "<rootDir>/global-teardown.ts",
  setupFilesAfterEnv: ["<rootDir>/support/matchers.ts"],
  // Generous: two shared cores, real password hashing and full-page screenshots.
  testTimeout: 120_000,
  transform: {
    "^.+\\.ts$": [
      "@swc/jest",
      {
        jsc: { parser: { syntax: "typescript" }, target: "es2022" },
        module: { type: "commonjs" },
      },
    ],
  },
};
