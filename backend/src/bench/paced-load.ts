import { connect, type Socket } from "node:net";
import type { BenchRequest } from "./bench-app";
import { percentile } from "./percentile";

export interface PacedResult {
  sent: number;
  errors: number;
  p50: number;
  p99: number;
  p99_9: number;
}

const CONNECTIONS = 64;
const ANSWER_GRACE_SECONDS = 10;
const HEADERS_END = Buffer.from("\r\n\r\n");
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i;

function requestBytes(host: string, { method = "GET", path, headers, body }: BenchRequest): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join("\r\n")}\r\n\r\n${body ?? ""}`);
}

/** One keep-alive connection taking one request at a time, with the time each was due. */
class PacedConnection {
  private received: Buffer = Buffer.alloc(0);
  private dueAt = 0;
  busy = false;
  closed = false;

  constructor(
    private readonly socket: Socket,
    private readonly answered: (latencyMs: number | null, status: number) => void,
    private readonly idle: (connection: PacedConnection) => void,
  ) {
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => this.read(chunk));
    // A connection the server drops loses its request: an error, never a hang.
    socket.on("close", () => {
      if (this.busy) answered(null, 0);
      this.busy = false;
      this.closed = true;
    });
    socket.on("error", () => undefined);
  }

  send(bytes: Buffer, dueAt: number): void {
    this.busy = true;
    this.dueAt = dueAt;
    this.socket.write(bytes);
  }

  close(): void {
    this.busy = false;
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const headersEnd = this.received.indexOf(HEADERS_END);
    if (headersEnd < 0) return;
    const head = this.received.toString("latin1", 0, headersEnd);
    const length = CONTENT_LENGTH.exec(head);
    if (!length) throw new Error(`the paced load reads answers with a content-length only: ${head.split("\r\n")[0]}`);
    const end = headersEnd + HEADERS_END.length + Number(length[1]);
    if (this.received.length < end) return;
    this.received = this.received.subarray(end);
    this.busy = false;
    this.answered(performance.now() - this.dueAt, Number(head.slice(9, 12)));
    this.idle(this);
  }
}

/**
 * Requests sent at an even pace, as visitors arrive, whatever the server is doing: an open loop,
 * each request timed from when it was due rather than from when it left (wrk2's way), so a stall
 * counts against every request it held back. autocannon's rate mode fires each second's quota in
 * one burst, which measures saturation again, and Node's own HTTP client costs more CPU than the
 * server it would measure.
 */
export async function pacedLoad(address: string, requests: BenchRequest[], ratePerSecond: number, seconds: number): Promise<PacedResult> {
  const { hostname, port, host } = new URL(address);
  const mix = requests.map((request) => requestBytes(host, request));
  const latencies: number[] = [];
  const waiting: { bytes: Buffer; dueAt: number }[] = [];
  const idle: PacedConnection[] = [];
  const total = Math.round(ratePerSecond * seconds);
  let errors = 0;
  let sent = 0;
  let completed = 0;
  let finished: () => void = () => undefined;
  const allAnswered = new Promise<void>((resolve) => (finished = resolve));

  const answered = (latencyMs: number | null, status: number) => {
    if (latencyMs !== null) latencies.push(latencyMs);
    if (status !== 200 && status !== 204) errors += 1;
    if (++completed === total) finished();
  };
  // First in, first out: every connection stays in use, so none meets the server's keep-alive timeout.
  const nextIdle = () => {
    let connection = idle.shift();
    while (connection?.closed) connection = idle.shift();
    return connection;
  };
  const becameIdle = (connection: PacedConnection) => {
    const next = waiting.shift();
    if (next) connection.send(next.bytes, next.dueAt);
    else idle.push(connection);
  };
  const connections = await Promise.all(
    Array.from({ length: CONNECTIONS }, () => new Promise<PacedConnection>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => resolve(new PacedConnection(socket, answered, becameIdle)));
      socket.once("error", reject);
    })),
  );
  idle.push(...connections);

  const started = performance.now();
  const tick = setInterval(() => {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * ratePerSecond));
    for (; sent < due; sent++) {
      const bytes = mix[sent % mix.length];
      const dueAt = started + (sent * 1000) / ratePerSecond;
      const connection = nextIdle();
      if (connection) connection.send(bytes, dueAt);
      else waiting.push({ bytes, dueAt });
    }
    if (sent >= total) clearInterval(tick);
  }, 1);
  // A request the server never answers counts as an error rather than holding the bench forever.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([allAnswered, new Promise((resolve) => (timer = setTimeout(resolve, (seconds + ANSWER_GRACE_SECONDS) * 1000)))]);
  clearTimeout(timer);
  errors += total - completed;
  for (const connection of connections) connection.close();

  latencies.sort((a, b) => a - b);
  return { sent, errors, p50: percentile(latencies, 50), p99: percentile(latencies, 99), p99_9: percentile(latencies, 99.9) };
}
