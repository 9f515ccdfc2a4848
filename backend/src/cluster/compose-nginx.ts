import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { nginxConfig } from "./nginx-config";

/** Where docker-compose.yml mounts nginx's configuration from. */
export const COMPOSE_NGINX_FILE = join(__dirname, "..", "..", "..", "deploy", "nginx.conf");

/**
 * nginx's configuration for docker-compose.yml: the same as `npm run cluster` writes, in front of
 * the `app` service, whose name Docker resolves to every replica.
 */
export const composeNginxConfig = () => nginxConfig({ dir: null, listenHost: "0.0.0.0", listenPort: 80, upstreams: [{ address: "app:4000", down: false }] });

if (require.main === module) writeFileSync(COMPOSE_NGINX_FILE, composeNginxConfig());
