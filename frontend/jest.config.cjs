/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "<rootDir>/jest.environment.cjs",
  roots: ["<rootDir>/src"],
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
  // Several waits of up to 4 s each (jest.setup.ts) must fit in one test.
  testTimeout: 20_000,
  transform: {
    "^.+\\.(t|j)sx?$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", tsx: true },
          transform: { react: { runtime: "automatic" } },
          target: "es2022",
        },
        module: { type: "commonjs" },
      },
    ],
  },
};
