/**
 * The V8 flags the server runs with wherever it starts (`npm start`, the Dockerfile, the serve
 * bench's app process): 32 MB semispaces for the young generation. An ad request leaves a few
 * kilobytes of short-lived objects; with the default 16 MB, thousands of requests a second
 * trigger a scavenge every few milliseconds, and objects still in use are copied and promoted.
 * In `npm run bench:serve` it takes about 15% off the CPU time of an ad request.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=32"];
