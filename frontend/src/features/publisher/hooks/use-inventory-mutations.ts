import type { ApolloCache, Reference } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { ArchiveAdZoneDocument, ArchiveSiteDocument, UpdateAdZoneDocument, UpdateSiteDocument } from "../../../gql/graphql";

type ReadField = (field: string, from: Reference) => unknown;

/** Drops from the cached dashboard lists what the server says is gone, so no whole-dashboard refetch is needed. */
function dropFromLists(cache: ApolloCache, keep: { mySites?: (site: Reference, read: ReadField) => boolean; myAdZones: (zone: Reference, read: ReadField) => boolean }) {
  cache.modify({
    fields: {
      mySites: (refs: readonly Reference[], { readField }) => (keep.mySites ? refs.filter((ref) => keep.mySites!(ref, readField as ReadField)) : refs),
      myAdZones: (refs: readonly Reference[], { readField }) => refs.filter((ref) => keep.myAdZones(ref, readField as ReadField)),
    },
  });
}

/**
 * The publisher's edits and removals. Each answer updates the cache: an edited site or zone in
 * place (by id), its new name on its zones' cards too, and a removed one out of the lists along
 * with a removed site's zones.
 */
export function useInventoryMutations() {
  const [updateSite] = useMutation(UpdateSiteDocument, {
    update(cache, { data }) {
      const site = data?.updateSite;
      if (!site) return;
      cache.modify({
        fields: {
          myAdZones: (refs: readonly Reference[], { readField }) => {
            for (const ref of refs) {
              if (readField("siteId", ref) === site.id) cache.modify({ id: cache.identify(ref), fields: { siteName: () => site.name } });
            }
            return refs;
          },
        },
      });
    },
  });
  const [archiveSite] = useMutation(ArchiveSiteDocument, {
    update(cache, { data }) {
      const id = data?.archiveSite.id;
      if (id === undefined) return;
      dropFromLists(cache, { mySites: (ref, read) => read("id", ref) !== id, myAdZones: (ref, read) => read("siteId", ref) !== id });
    },
  });
  const [updateAdZone] = useMutation(UpdateAdZoneDocument);
  const [archiveAdZone] = useMutation(ArchiveAdZoneDocument, {
    update(cache, { data }) {
      const id = data?.archiveAdZone.id;
      if (id !== undefined) dropFromLists(cache, { myAdZones: (ref, read) => read("id", ref) !== id });
    },
  });
  return { updateSite, archiveSite, updateAdZone, archiveAdZone };
}
