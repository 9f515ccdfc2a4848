import type { AppServer } from "./server";

// Global setup runs before the test environments exist; the environment variables it sets are
// copied into each of them, which makes them the way to hand the server's address over.
const BASE_URL = "E2E_BASE_URL";
const ADMIN_EMAIL = "E2E_ADMIN_EMAIL";
const ADMIN_PASSWORD = "E2E_ADMIN_PASSWORD";
const DATA_DIR = "E2E_DATA_DIR";

export function publishServer(server: AppServer) {
  process.env[BASE_URL] = server.baseUrl;
  process.env[ADMIN_EMAIL] = server.admin.email;
  process.env[ADMIN_PASSWORD] = server.admin.password;
  process.env[DATA_DIR] = server.dataDir;
}

function required(name: string) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite through e2e/jest.config.cjs, whose global setup starts the server.`);
  return value;
}

export const baseUrl = () => required(BASE_URL);
export const dataDir = () => required(DATA_DIR);
export const adminAccount = () => ({ email: required(ADMIN_EMAIL), password: required(ADMIN_PASSWORD) });
