import type { ListValue } from "./rule";
import type { DayPartingValue } from "./rules/day-parting";
import type { KeywordsValue } from "./rules/keywords";
import { storedTargeting, TARGETING_RULES } from "./targeting-rules";

/** "Devices: only mobile; Page keywords: shoes, not boots": each rule set, in the form's order. */
export function targetingSummary(text: string | null): string {
  const document = storedTargeting(text) as Record<string, unknown>;
  const parts = TARGETING_RULES.filter((rule) => document[rule.key] !== undefined).map((rule) => `${rule.label}: ${ruleText(document[rule.key])}`);
  return parts.length > 0 ? parts.join("; ") : "Everyone";
}

function ruleText(value: unknown): string {
  const rule = value as Partial<ListValue & KeywordsValue & DayPartingValue>;
  if (rule.mode && rule.values) return `${rule.mode === "include" ? "only" : "all but"} ${rule.values.join(", ")}`;
  if (rule.include && rule.exclude) return [...rule.include, ...rule.exclude.map((keyword) => `not ${keyword}`)].join(", ");
  if (rule.timeZone && rule.days && rule.hours) return `days ${rule.days.join(", ")}, hours ${rule.hours.join(", ")} (${rule.timeZone})`;
  return JSON.stringify(value);
}
