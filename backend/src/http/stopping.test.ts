import { connect, type Socket } from "node:net";
import { startTestApp, TestApp } from "../../test/test-app";
import { until } from "../../test/until";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(() => t?.close());

const QUERY = JSON.stringify({ query: "{ formOptions { maxLength { memo } } }" });
const graphqlHead = (host: string) => `POST /graphql HTTP/1.1\r\nhost: ${host}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(QUERY)}\r\n\r\n`;

interface Connection {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  received: Promise<string>;
}

/** A keep-alive connection with a GraphQL POST in flight: its headers sent, half its body still to come. */
function connectionWithRequestInFlight(host: string, port: number): Connection {
  const socket = connect(port, "127.0.0.1");
  socket.write(graphqlHead(host) + QUERY.slice(0, 10));
  const received = new Promise<string>((resolve, reject) => {
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(text));
  });
  return { socket, received };
}

/** Each answer's status and whether it told the client to close the connection (the first was begun before the stop). */
const answersIn = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})[^]*?\r\n\r\n/g)].map(([head, status]) => ({ status: Number(status), closes: /\r\nconnection: close\r\n/i.test(head) }));

it("answers the requests that reach it while it stops, each connection told to close, on Fastify's routes and on the ad request's lane", async () => {
  const { host, port } = new URL(t.url);
  const server = t.app.server.server;
  let requests = 0;
  server.on("request", () => (requests += 1));
  const toFastify = connectionWithRequestInFlight(host, Number(port));
  const toLane = connectionWithRequestInFlight(host, Number(port));
  await until(() => requests === 2, "the server began both requests");

  const stopped = t.restart();
  await until(() => !server.listening, "the server stopped listening");
  // The rest of the first request, then the next one on the same connection, as a proxy's or a browser's keep-alive would send it.
  toFastify.socket.write(QUERY.slice(10) + graphqlHead(host) + QUERY);
  toLane.socket.write(`${QUERY.slice(10)}GET /serve?zone=999999 HTTP/1.1\r\nhost: ${host}\r\n\r\n`);

  const [fromFastify, fromLane] = await Promise.all([toFastify.received, toLane.received]);
  await stopped;
  expect(answersIn(fromFastify).slice(1)).toEqual([{ status: 200, closes: true }]);
  // The lane answers an unknown zone with its 404: an answer of the app, not of a process refusing work.
  expect(answersIn(fromLane).slice(1)).toEqual([{ status: 404, closes: true }]);
}, 60_000);
