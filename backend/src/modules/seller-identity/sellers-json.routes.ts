import type { FastifyInstance } from "fastify";
import { SELLERS_CACHE_MS, type Sellers } from "./sellers";

/**
 * GET /sellers.json at the network's root, as IAB sellers.json 1.0 places it: JSON, readable by
 * any origin's script (buyers' tools fetch it from browsers too), cached as long as it is kept here.
 */
export async function sellersJsonRoutes(app: FastifyInstance, { sellers }: { sellers: Sellers }): Promise<void> {
  app.get("/sellers.json", async (_request, reply) => {
    const document = await sellers.document();
    return reply
      .header("access-control-allow-origin", "*")
      .header("cache-control", `public, max-age=${SELLERS_CACHE_MS / 1000}`)
      .type("application/json; charset=utf-8")
      .send(document);
  });
}
