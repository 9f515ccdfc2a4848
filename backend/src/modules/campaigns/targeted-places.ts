import { storedTargeting } from "../targeting/targeting-rules";

/** What the sites and zones a campaign targets are called: the sites and zones modules answer, wired in the composition root. */
export interface PlaceNames {
  /** The names of the sites with these domains, of those the network has. */
  siteNames(domains: string[]): Promise<Map<string, string>>;
  /** The names of these zones, of those the network has. */
  zoneNames(ids: number[]): Promise<Map<number, string>>;
}

/** One site or zone a campaign's targeting lists, with its name; null for one the network does not (or no longer) have. */
export interface TargetName {
  rule: "sites" | "zones";
  /** As the targeting stores it: a domain, or a zone's number. */
  value: string;
  name: string | null;
}

const NO_NAMES: PlaceNames = { siteNames: async () => new Map(), zoneNames: async () => new Map() };

/**
 * The sites and zones each campaign targets, by name, for their cards: the targeting stores
 * domains and zone numbers, which an admin reviewing a campaign cannot read. Two queries for a whole list.
 */
export async function targetNamesOf(campaigns: { id: number; targeting: string | null }[], names: PlaceNames = NO_NAMES): Promise<Map<number, TargetName[]>> {
  const listed = campaigns.map((campaign) => {
    const { sites, zones } = storedTargeting(campaign.targeting);
    return { id: campaign.id, domains: sites?.values ?? [], zoneIds: zones?.values ?? [] };
  });
  const [siteNames, zoneNames] = await Promise.all([
    names.siteNames([...new Set(listed.flatMap((campaign) => campaign.domains))]),
    names.zoneNames([...new Set(listed.flatMap((campaign) => campaign.zoneIds.map(Number)))]),
  ]);
  return new Map(
    listed.map(({ id, domains, zoneIds }) => [
      id,
      [
        ...domains.map((value): TargetName => ({ rule: "sites", value, name: siteNames.get(value) ?? null })),
        ...zoneIds.map((value): TargetName => ({ rule: "zones", value, name: zoneNames.get(Number(value)) ?? null })),
      ],
    ]),
  );
}
