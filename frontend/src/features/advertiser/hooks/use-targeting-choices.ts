import { useQuery } from "@apollo/client/react";
import type { SearchableOption } from "../../../components/form/searchable-select";
import { ApprovedSitesDocument, type ApprovedSitesQuery, type FormBoundsFragment } from "../../../gql/graphql";

type Site = ApprovedSitesQuery["approvedSites"][number];

/** The choices of the free targeting lists, keyed as formOptions.targetingRules names the rules. */
export interface TargetingChoices {
  sites: SearchableOption[];
  zones: SearchableOption[];
  /** Said in the list when it holds nothing to pick. */
  emptyText: string;
  /** The sites are still on their way. */
  loading: boolean;
}

const siteOption = (site: Site, categoryLabel: string): SearchableOption => ({ value: site.domain, label: site.name, detail: `${site.domain} · ${categoryLabel}`, keywords: site.category });

const zoneOptions = (site: Site, categoryLabel: string): SearchableOption[] =>
  site.zones.map((zone) => ({
    value: String(zone.id),
    label: `${zone.name} on ${site.name}`,
    detail: `${zone.width}×${zone.height} · ${zone.shows} · ${categoryLabel}`,
    keywords: `${site.domain} ${site.category}`,
  }));

/** The network's approved sites and their zones, by name with their category, for site and zone targeting. */
export function useTargetingChoices(options: FormBoundsFragment): TargetingChoices {
  const { data, loading, error } = useQuery(ApprovedSitesDocument, { fetchPolicy: "cache-and-network" });
  const sites = data?.approvedSites ?? [];
  const categoryOf = (site: Site) => options.siteCategories.find((category) => category.value === site.category)?.label ?? site.category;
  const emptyText = error ? "The network's sites could not be loaded: try again in a moment" : "Nothing matches";
  return {
    sites: sites.map((site) => siteOption(site, categoryOf(site))),
    zones: sites.flatMap((site) => zoneOptions(site, categoryOf(site))),
    emptyText,
    loading: loading && !data,
  };
}
