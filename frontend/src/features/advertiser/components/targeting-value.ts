import type { CampaignTargetingFragment, TargetingInput, TargetingListInput } from "../../../gql/graphql";

/** Free lists (sites, zones, keywords) are typed as comma-separated text; entries are kept untrimmed while editing. */
export const listText = (values: readonly string[] | undefined) => (values ?? []).join(",");
export const textList = (text: string) => (text === "" ? [] : text.split(","));
const cleaned = (values: readonly string[]) => values.map((value) => value.trim()).filter(Boolean);

const cleanList = (list: TargetingListInput | null | undefined): TargetingListInput | undefined => {
  const values = cleaned(list?.values ?? []);
  return list && values.length > 0 ? { mode: list.mode, values } : undefined;
};

/** The targeting as the server takes it: entries trimmed, and rules left without entries left out. */
export function cleanTargeting(targeting: TargetingInput): TargetingInput {
  const lists = ["devices", "operatingSystems", "browsers", "languages", "siteCategories", "sites", "zones"] as const;
  const clean: TargetingInput = {};
  for (const key of lists) {
    const list = cleanList(targeting[key]);
    if (list) clean[key] = list;
  }
  const include = cleaned(targeting.keywords?.include ?? []);
  const exclude = cleaned(targeting.keywords?.exclude ?? []);
  if (include.length > 0 || exclude.length > 0) clean.keywords = { include, exclude };
  if (targeting.dayParting) clean.dayParting = targeting.dayParting;
  return clean;
}

const listOf = (list: { mode: TargetingListInput["mode"]; values: readonly string[] } | null | undefined): TargetingListInput | undefined =>
  list ? { mode: list.mode, values: [...list.values] } : undefined;

/** A campaign's stored targeting as the form edits it. */
export function targetingInputOf(targeting: CampaignTargetingFragment): TargetingInput {
  const { devices, operatingSystems, browsers, languages, siteCategories, sites, zones, dayParting, keywords } = targeting;
  return cleanTargeting({
    devices: listOf(devices),
    operatingSystems: listOf(operatingSystems),
    browsers: listOf(browsers),
    languages: listOf(languages),
    siteCategories: listOf(siteCategories),
    sites: listOf(sites),
    zones: listOf(zones),
    ...(dayParting ? { dayParting: { timeZone: dayParting.timeZone, days: [...dayParting.days], hours: [...dayParting.hours] } } : {}),
    ...(keywords ? { keywords: { include: [...keywords.include], exclude: [...keywords.exclude] } } : {}),
  });
}
