import type { ApolloServerPlugin } from "@apollo/server";
import { Kind } from "graphql";
import type { Metrics } from "./metrics";

/**
 * Counts each GraphQL operation by its root fields, once it has been validated: the schema bounds
 * the names, where a client's operationName could be anything.
 */
export function graphqlMetricsPlugin<Context extends object>(metrics: Metrics): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ operation, errors }) {
          if (!operation) return;
          const outcome = errors?.length ? "error" : "ok";
          for (const selection of operation.selectionSet.selections) {
            if (selection.kind === Kind.FIELD) metrics.graphqlOperation(selection.name.value, outcome);
          }
        },
      };
    },
  };
}
