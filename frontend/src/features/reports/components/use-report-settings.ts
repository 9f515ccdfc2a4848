import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { ReportGranularitiesDocument, type ReportBreakdown, type ReportGranularity, type ReportInput } from "../../../gql/graphql";
import { presetRange, todayIn, type DayRange, type RangePreset } from "./report-range";

/** Rows a page of the table shows. */
export const PAGE_SIZE = 25;

export interface ReportSettings {
  preset: RangePreset;
  /** The dates typed for a custom range. */
  custom: DayRange;
  granularity: ReportGranularity;
  breakdown: ReportBreakdown;
  /** A metric, or null for the server's own order (dates in order, else most impressions first). */
  sortBy: string | null;
  /** Null leaves the direction to the server, which goes with its own order. */
  descending: boolean | null;
  offset: number;
}

/** A report's choices and the input they make; any change but the page starts again on page one. */
export function useReportSettings(timeZone: string) {
  const today = todayIn(timeZone);
  const [settings, setSettings] = useState<ReportSettings>({
    preset: "last30",
    custom: presetRange("last30", today),
    granularity: "DAY",
    breakdown: "DATE",
    sortBy: null,
    descending: null,
    offset: 0,
  });
  const range = settings.preset === "custom" ? settings.custom : presetRange(settings.preset, today);
  // The server says which granularities this range may be read at; until it has, the last range's choices stay on screen.
  const offered = useQuery(ReportGranularitiesDocument, { variables: range });
  const granularities = (offered.data ?? offered.previousData)?.formOptions.reportGranularities ?? [];
  const allowed = offered.data?.formOptions.reportGranularities;
  // A choice the new range does not allow (hours over a month) gives way to the first it does; it comes back with a range that allows it.
  const granularity = allowed && !allowed.some((option) => option.value === settings.granularity) ? (allowed[0]?.value as ReportGranularity) : settings.granularity;

  const input: ReportInput = {
    from: range.from,
    to: range.to,
    granularity,
    breakdown: settings.breakdown,
    sortBy: settings.sortBy,
    descending: settings.descending,
    offset: settings.offset,
    limit: PAGE_SIZE,
  };

  const change = (next: Partial<Omit<ReportSettings, "offset">>) => setSettings((current) => ({ ...current, ...next, offset: 0 }));

  return {
    settings: { ...settings, granularity },
    range,
    granularities,
    /** False until the server said what this range allows: the report waits, so it is never asked for what it would refuse. */
    ready: allowed !== undefined,
    input,
    /** A custom range starts from the range on screen, for the user to adjust. */
    choosePreset: (preset: RangePreset) => change(preset === "custom" ? { preset, custom: range } : { preset }),
    setCustom: (custom: DayRange) => change({ custom }),
    setGranularity: (granularity: ReportGranularity) => change({ granularity }),
    // Another breakdown has other rows; its order starts from the server's own.
    setBreakdown: (breakdown: ReportBreakdown) => change({ breakdown, sortBy: null, descending: null }),
    sort: (sortBy: string | null, descending: boolean) => change({ sortBy, descending }),
    goToOffset: (offset: number) => setSettings((current) => ({ ...current, offset })),
  };
}

export type ReportControls = ReturnType<typeof useReportSettings>;
