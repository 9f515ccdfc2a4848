import { createServer, IncomingMessage, Server, ServerResponse } from "node:http";
import type { FastifyServerOptions } from "fastify";

/** A path answered on Node's own server before Fastify routes the request; false when the request is not its own. */
export type ServeLane = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Node's HTTP server for Fastify (its serverFactory), set up as Fastify sets up its own, with the
 * serve lane in front of Fastify's handler. The lane is given once the ad server has started.
 */
export function serverWithServeLane(lane: () => ServeLane | null) {
  return (fastifyHandler: (request: IncomingMessage, response: ServerResponse) => void, options: FastifyServerOptions): Server => {
    const server = createServer((request, response) => {
      // Once the server stops listening, each answer closes its connection, as Fastify's own do.
      if (!server.listening) response.setHeader("connection", "close");
      if (!lane()?.(request, response)) fastifyHandler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
