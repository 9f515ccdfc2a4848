const { Socket } = require("node:net");

// @ts-check
/**
 * Every test file runs twice: on the embedded SQLite database and on MySQL/MariaDB.
 * MySQL comes from MYSQL_URL, or a server answering on 127.0.0.1:3306. Under CI it is required.
 */
const DEFAULT_MYSQL_URL = "mysql://root@127.0.0.1:3306";

function answers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once("connect", () => resolve(true)).once("error", () => resolve(false)).once("timeout", () => resolve(false));
    socket.connect(Number(port || 3306), hostname, () => socket.end());
  });
}

const swc = ["@swc/jest", require("./test/swc-options.cjs")];

const project = (engine, mysqlUrl) => ({
  displayName: engine,
  testEnvironment: "node",
  roots: ["<rootDir>/src", "<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": swc },
  setupFiles: ["<rootDir>/test/setup-env.ts"],
  globals: { TEST_ENGINE: engine, TEST_MYSQL_URL: mysqlUrl ?? "" },
});

module.exports = async function config() {
  const mysqlUrl = process.env.MYSQL_URL || DEFAULT_MYSQL_URL;
  const mysqlUp = await answers(mysqlUrl);
  if (!mysqlUp && process.env.CI === "true") {
    throw new Error(`MySQL is required under CI but nothing answers at ${mysqlUrl}`);
  }
  if (!mysqlUp) console.warn(`MySQL not reachable at ${mysqlUrl}: running the SQLite suite only.`);
  return {
    projects: mysqlUp ? [project("sqlite"), project("mysql", mysqlUrl)] : [project("sqlite")],
    testTimeout: 30_000,
  };
}
