import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { fastifyApolloDrainPlugin } from "@as-integrations/fastify";
import { ApolloArmor } from "@escape.tech/graphql-armor";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../auth/context";
import { formatError } from "./format-error";
import { appSchema } from "./schema";

/**
 * Limits sized for the dashboards' and integrators' queries. Depth counts through fragments and
 * does not exempt introspection, closing the max-depth bypasses reported against graphql-armor;
 * introspection still fits under the limit. The screens' own largest queries (a review card or a
 * dashboard with each campaign's settings and creatives) cost about 5,400; a test keeps every
 * operation the browser sends within these limits.
 */
export function armor(production: boolean) {
  return new ApolloArmor({
    maxDepth: { n: 15, ignoreIntrospection: false, flattenFragments: false },
    costLimit: { maxCost: 8000 },
    maxAliases: { n: 15 },
    maxTokens: { n: 2000 },
    maxDirectives: { n: 20 },
    blockFieldSuggestion: { enabled: production },
  }).protect();
}

export async function createApollo(app: FastifyInstance, production: boolean, observers: ApolloServerPlugin<AppContext>[] = []): Promise<ApolloServer<AppContext>> {
  const protection = armor(production);
  const apollo = new ApolloServer<AppContext>({
    schema: await appSchema(),
    introspection: true,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: false,
    // main.ts shuts the whole app down in order; Apollo's own handler would re-raise the signal
    // and kill the process before the ad server has written its last events.
    stopOnTerminationSignals: false,
    plugins: [fastifyApolloDrainPlugin(app), ...protection.plugins, ...observers],
    validationRules: protection.validationRules,
    formatError: (formatted, error) => formatError(formatted, error, (cause) => app.log.error({ err: cause }, "GraphQL resolver failed")),
  });
  await apollo.start();
  return apollo;
}
