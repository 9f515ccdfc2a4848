import type { ApolloCache, Reference } from "@apollo/client";

/**
 * Puts what the signed-in account just created at the top of its own list (`mySites`,
 * `myCampaigns`, ...), from the mutation's answer, instead of asking for the whole dashboard
 * again. The lists are newest first; one not loaded yet is left alone and comes whole later.
 */
export function prependToList(cache: ApolloCache, field: string, created: { __typename?: string; id: number } | null | undefined) {
  if (!created) return;
  cache.modify({
    fields: {
      [field]: (refs: readonly Reference[], { toReference }) => {
        const ref = toReference(created as { __typename: string; id: number });
        return ref && !refs.some((existing) => existing.__ref === ref.__ref) ? [ref, ...refs] : refs;
      },
    },
  });
}
