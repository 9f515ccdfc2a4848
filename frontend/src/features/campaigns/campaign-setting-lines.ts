import { formatMoney, formatPrice } from "../../components/format";
import type { CampaignCardFragment, FormBoundsFragment } from "../../gql/graphql";

/** The server's words for a campaign's settings (formOptions): the targeting rules in the form's order, and each choice's label. */
export type SettingWords = Pick<FormBoundsFragment, "targetingRules" | "countries" | "advertiserCategories" | "pacingModes" | "creativeRotations" | "pricingModels" | "bidBounds">;

/** One setting of a campaign as its card reads it. */
export interface SettingLine {
  key: string;
  label: string;
  /** Whether the campaign narrows or sets it: only those make the card's compact summary. */
  set: boolean;
  /** The compact words ("Only France, Germany and 3 more"). */
  summary: string;
  /** Everything, for "Show all settings". */
  detail: string;
}

type Rule = SettingWords["targetingRules"][number];
type Choice = { value: string; label: string };
type ListValue = { mode: string; values: string[] };

/** Lists longer than this are cut in the compact summary. */
const SHORT_LIST = 3;

const labelOf = (choices: readonly Choice[] | undefined, value: string) => choices?.find((choice) => choice.value.toLowerCase() === value.toLowerCase())?.label ?? value;

/** "A, B, C", as the campaign's history lists them; cut, "A, B, C and 2 more". */
function listText(items: string[], cut: boolean): string {
  return cut && items.length > SHORT_LIST + 1 ? `${items.slice(0, SHORT_LIST).join(", ")} and ${items.length - SHORT_LIST} more` : items.join(", ");
}

const WEEKDAYS = [1, 2, 3, 4, 5];
const sameDays = (days: number[], wanted: number[]) => days.length === wanted.length && wanted.every((day) => days.includes(day));
const clock = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** Runs of consecutive hours as "09:00–18:00" (the end is the hour the last one closes at). */
function hoursText(hours: number[]): string {
  if (hours.length === 24) return "all day";
  const runs: [number, number][] = [];
  for (const hour of [...hours].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last[1] === hour) last[1] = hour + 1;
    else runs.push([hour, hour + 1]);
  }
  return runs.map(([from, to]) => `${clock(from)}–${clock(to % 24)}`).join(", ");
}

/** "Weekdays 09:00–18:00 Europe/Paris". */
function dayPartingText({ days, hours, timeZone }: { days: number[]; hours: number[]; timeZone: string }, dayNames: readonly Choice[]): string {
  const dayText = sameDays(days, [1, 2, 3, 4, 5, 6, 7])
    ? "Every day"
    : sameDays(days, WEEKDAYS)
      ? "Weekdays"
      : sameDays(days, [6, 7])
        ? "Weekends"
        : days.map((day) => labelOf(dayNames, String(day))).join(", ");
  return `${dayText} ${hoursText(hours)} ${timeZone}`;
}

const PERIODS: Record<string, string> = { hour: "an hour", day: "a day", week: "a week", flight: "in the whole flight" };

/** "3 a day per visitor", "1 an hour and 5 a week per visitor". */
function capsText(caps: CampaignCardFragment["frequencyCaps"]): string {
  const each = caps.map(({ count, per }) => `${count} ${PERIODS[per] ?? `per ${per}`}`);
  return `${each.length > 1 ? `${each.slice(0, -1).join(", ")} and ${each[each.length - 1]}` : each[0]} per visitor`;
}

/** "3 creatives: 2 approved, 1 pending". */
function creativesText({ pending, approved, rejected }: CampaignCardFragment["creativeCounts"]): string {
  const total = pending + approved + rejected;
  if (total === 0) return "No creatives yet";
  const parts = [
    [approved, "approved"],
    [pending, "pending review"],
    [rejected, "rejected"],
  ].filter(([count]) => Number(count) > 0);
  return `${total} creative${total === 1 ? "" : "s"}: ${parts.map(([count, word]) => `${count} ${word}`).join(", ")}`;
}

/** What the card calls each listed value: sites and zones by the names the server gave them, the rest by the rule's choices. */
function valueNames(rule: Rule, values: string[], targetNames: CampaignCardFragment["targetNames"]): string[] {
  if (rule.key !== "sites" && rule.key !== "zones") return values.map((value) => labelOf(rule.options, value));
  const named = new Map(targetNames.filter((target) => target.rule === rule.key).map((target) => [target.value, target.name]));
  return values.map((value) => {
    const name = named.get(value);
    if (rule.key === "zones") return name ? `${name} (zone ${value})` : `Zone ${value}`;
    return name ? `${name} (${value})` : value;
  });
}

/** A targeting rule's line, from the server's declaration of the rule and the campaign's value for it. */
function ruleLine(rule: Rule, value: unknown, campaign: CampaignCardFragment): SettingLine {
  const line = { key: rule.key, label: rule.label };
  if (value === null || value === undefined) {
    const everyone = rule.kind === "dayParting" ? "Every day, all day" : rule.kind === "keywords" ? "Any page" : `All ${rule.label.toLowerCase()}`;
    return { ...line, set: false, summary: everyone, detail: everyone };
  }
  if (rule.kind === "dayParting") {
    const text = dayPartingText(value as { days: number[]; hours: number[]; timeZone: string }, rule.options);
    return { ...line, set: true, summary: text, detail: text };
  }
  if (rule.kind === "keywords") {
    const { include, exclude } = value as { include: string[]; exclude: string[] };
    const words = (cut: boolean) => [include.length > 0 ? listText(include, cut) : null, exclude.length > 0 ? `never ${listText(exclude, cut)}` : null].filter(Boolean).join("; ");
    return { ...line, set: true, summary: words(true), detail: words(false) };
  }
  const { mode, values } = value as ListValue;
  const names = valueNames(rule, values, campaign.targetNames);
  const words = (cut: boolean) => `${mode.toLowerCase() === "exclude" ? "All but " : ""}${listText(names, cut)}`;
  return { ...line, set: true, summary: words(true), detail: words(false) };
}

/** The campaign's value for a rule: countries have a column of their own, the others are in the targeting document. */
function ruleValue(rule: Rule, campaign: CampaignCardFragment): unknown {
  if (rule.key === "countries") return campaign.targetCountries.length > 0 ? { mode: "include", values: campaign.targetCountries } : null;
  return (campaign.targeting as Record<string, unknown> | null | undefined)?.[rule.key];
}

/** Until formOptions has answered, countries alone, by their codes. */
const FALLBACK_RULES: Rule[] = [{ __typename: "TargetingRuleOption", key: "countries", label: "Countries", kind: "list", hint: null, options: [] }];

const always = (key: string, label: string, text: string): SettingLine => ({ key, label, set: true, summary: text, detail: text });

/**
 * Every setting of a campaign, in the form's order, in the user's words: how it is priced, its
 * daily cap, each targeting rule the server declares, caps, category, pacing, rotation and its
 * creatives. Both the advertiser's card and the admins' review card read these lines.
 */
export function campaignSettingLines(campaign: CampaignCardFragment, words?: SettingWords): SettingLine[] {
  const model = labelOf(words?.pricingModels, campaign.pricingModel).split(":")[0];
  const unit = words?.bidBounds.find((bounds) => bounds.pricingModel === campaign.pricingModel)?.unit;
  const rules = words?.targetingRules ?? FALLBACK_RULES;
  const countryRule = rules.find((rule) => rule.key === "countries");
  const withCountries = countryRule && words ? rules.map((rule) => (rule === countryRule ? { ...rule, options: words.countries } : rule)) : rules;
  const noCap = campaign.dailyCap === null || campaign.dailyCap === undefined;
  return [
    always("pricing", "Pricing", [model, formatPrice(campaign.bid), unit].filter(Boolean).join(" ")),
    { key: "dailyCap", label: "Daily budget cap", set: !noCap, summary: noCap ? "No cap" : `${formatMoney(campaign.dailyCap!)} a day`, detail: noCap ? "No cap" : `${formatMoney(campaign.dailyCap!)} a day` },
    ...withCountries.map((rule) => ruleLine(rule, ruleValue(rule, campaign), campaign)),
    campaign.frequencyCaps.length > 0
      ? always("frequencyCaps", "Frequency caps", capsText(campaign.frequencyCaps))
      : { key: "frequencyCaps", label: "Frequency caps", set: false, summary: "No caps", detail: "No caps" },
    always("category", "Category", labelOf(words?.advertiserCategories, campaign.category)),
    always("pacing", "Pacing", labelOf(words?.pacingModes, campaign.pacing)),
    always("rotation", "Creative rotation", labelOf(words?.creativeRotations, campaign.rotation)),
    always("creatives", "Creatives", creativesText(campaign.creativeCounts)),
  ];
}
