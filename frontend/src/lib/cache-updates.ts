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

/**
 * Files a campaign the advertiser just archived, unarchived or copied in the list it now belongs
 * to (`myCampaigns` or `myCampaigns(archived: true)`), newest first, and takes it out of the other.
 */
export function fileCampaign(cache: ApolloCache, campaign: { __typename?: string; id: number; archived: boolean } | null | undefined) {
  if (!campaign) return;
  cache.modify({
    fields: {
      myCampaigns: (refs: readonly Reference[], { storeFieldName, toReference, readField }) => {
        const ref = toReference(campaign as { __typename: string; id: number });
        if (!ref) return refs;
        const others = refs.filter((existing) => existing.__ref !== ref.__ref);
        if (storeFieldName.includes('"archived":true') !== campaign.archived) return others;
        const at = others.findIndex((existing) => (readField<number>("id", existing) ?? 0) < campaign.id);
        return at < 0 ? [...others, ref] : [...others.slice(0, at), ref, ...others.slice(at)];
      },
    },
  });
}

/**
 * Takes out of the advertiser's cached creatives (`myCreatives`) those that left it: an archived
 * creative, or every creative of a campaign just archived, at once and without a reload.
 */
export function dropCreatives(cache: ApolloCache, gone: { id?: number; campaignId?: number }) {
  cache.modify({
    fields: {
      myCreatives: (refs: readonly Reference[], { readField }) =>
        refs.filter((ref) => readField<number>("id", ref) !== gone.id && readField<number>("campaignId", ref) !== gone.campaignId),
    },
  });
}
