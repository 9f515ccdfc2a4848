import { ApprovedSitesDocument, type ApprovedSitesQuery } from "../gql/graphql";

type Site = ApprovedSitesQuery["approvedSites"][number];

const zone = (id: number, name: string, width: number, height: number, shows: string) => ({ __typename: "ApprovedZone" as const, id, name, width, height, shows });

/** Two approved sites of the network, one with zones: what the campaign form's site and zone pickers offer. */
export const approvedSites = (): Site[] => [
  { __typename: "ApprovedSite", id: 4, name: "Arena Sports", domain: "arena.example.com", category: "sports", zones: [] },
  {
    __typename: "ApprovedSite",
    id: 7,
    name: "Daily Planet",
    domain: "planet.example.org",
    category: "news",
    zones: [zone(71, "Bottom bar", 320, 50, "Sticky banner (bottom of the window)"), zone(72, "Article feed", 300, 250, "Native ad, site's own template")],
  },
];

/** The approved sites answer, for as many forms as a test opens. */
export const approvedSitesMock = (sites = approvedSites()) => ({
  request: { query: ApprovedSitesDocument },
  result: { data: { approvedSites: sites } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});
