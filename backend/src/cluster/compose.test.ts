import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { COMPOSE_NGINX_FILE, composeNginxConfig } from "./compose-nginx";

const ROOT = join(__dirname, "..", "..", "..");
const composeInstalled = spawnSync("docker-compose", ["version"]).status === 0;
if (!composeInstalled && process.env.CI) throw new Error("docker-compose (Debian's package) is needed to validate docker-compose.yml under CI");

describe("the production topology in docker-compose.yml", () => {
  it("mounts the nginx configuration npm run cluster uses (regenerate: node backend/dist/cluster/compose-nginx.js)", () => {
    expect(readFileSync(COMPOSE_NGINX_FILE, "utf8")).toBe(composeNginxConfig());
  });

  (composeInstalled ? it : it.skip)("is a valid Compose file of nginx, the app's replicas, MySQL, Redis and NATS", () => {
    const checked = spawnSync("docker-compose", ["-f", join(ROOT, "docker-compose.yml"), "config", "--services"], { encoding: "utf8" });
    expect(checked.stderr).toBe("");
    expect(checked.stdout.split("\n").filter(Boolean).sort()).toEqual(["app", "mysql", "nats", "nginx", "redis"]);
  });
});
