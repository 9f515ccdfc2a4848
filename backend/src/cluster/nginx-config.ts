import { join } from "node:path";

export interface Upstream {
  /** host:port of an app process. */
  address: string;
  /** Taken out of rotation: nginx sends it nothing new (a rolling restart is about to stop it). */
  down: boolean;
}

/** How long a worker made old by a reload may finish its requests before nginx closes them. */
export const WORKER_SHUTDOWN_SECONDS = 30;

const RETRIED_WHATEVER_THE_METHOD = "error timeout http_502 http_503 non_idempotent";

export interface NginxSettings {
  /** Where nginx keeps its pid, logs and buffers: a folder of the cluster's own; null for nginx's own places (a container's). */
  dir: string | null;
  listenHost: string;
  listenPort: number;
  upstreams: Upstream[];
}

/**
 * The proxy in front of the app processes. Each request to an app opens a new connection (no
 * upstream keep-alive). A refused connection is simply tried on the next process, whatever the
 * method, since the app never saw it; so is a 502 or a 503 (a process that is stopping) for a read.
 * After a request was sent, it is sent again only where that is safe for every method: beacons,
 * clicks and conversions (/t/), which count once whoever answers (their offers are claimed once),
 * and bid requests (/openrtb2/), which move no money until their win is counted; an API write is
 * never sent twice. Passive health checks take a process out for 2 s after a failure; a rolling
 * restart takes it out of the configuration before it stops (cluster.ts).
 */
export function nginxConfig({ dir, listenHost, listenPort, upstreams }: NginxSettings): string {
  const servers = upstreams.map(({ address, down }) => `    server ${address} max_fails=1 fail_timeout=2s${down ? " down" : ""};`).join("\n");
  const inDir = (file: string) => join(dir!, file);
  const files =
    dir === null
      ? { process: "", accessLog: "/dev/stdout json", temp: "" }
      : {
          process: `pid ${inDir("nginx.pid")};\nerror_log ${inDir("error.log")} warn;\n`,
          accessLog: `${inDir("access.log")} json buffer=64k flush=1s`,
          temp: ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${inDir(kind)};\n`).join(""),
        };
  const proxy = (retry: string) => `      proxy_pass http://adnet;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_connect_timeout 1s;
      proxy_read_timeout 60s;
      proxy_next_upstream ${retry};
      proxy_next_upstream_tries ${Math.max(2, upstreams.length)};`;
  return `worker_processes ${dir === null ? "auto" : 1};
worker_shutdown_timeout ${WORKER_SHUTDOWN_SECONDS}s;
daemon off;
${files.process}
events {
  worker_connections 4096;
}

http {
  log_format json escape=json '{"time":"$time_iso8601","request_id":"$request_id","remote":"$remote_addr","request":"$request","status":$status,"ms":$request_time,"upstream":"$upstream_addr","upstream_ms":"$upstream_response_time"}';
  access_log ${files.accessLog};
${files.temp}  # Uploaded videos go up to 50 MB.
  client_max_body_size 60m;

  upstream adnet {
${servers}
  }

  server {
    listen ${listenHost}:${listenPort};

    # Each process's metrics are scraped from the process itself, never through the front door.
    location = /metrics {
      return 404;
    }

    location /t/ {
${proxy(RETRIED_WHATEVER_THE_METHOD)}
    }

    location /openrtb2/ {
${proxy(RETRIED_WHATEVER_THE_METHOD)}
    }

    location / {
${proxy("error timeout http_502 http_503")}
    }
  }
}
`;
}
