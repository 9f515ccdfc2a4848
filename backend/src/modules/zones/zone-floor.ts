import { ValidationError } from "../../common/errors";
import { dollarsToMicros } from "../../common/money";
import { isBlank } from "../../common/validate";
import { MAX_CPM_MICROS } from "../campaigns/campaign-settings";

const CENT_MICROS = 10_000;

/**
 * A zone's floor price as the publisher types it, dollars per thousand impressions in whole cents,
 * in micros: from $0 (any price) to the highest CPM a campaign may bid, since a higher floor
 * would leave the zone unfilled for ever. A blank value keeps `fallback`.
 */
export function zoneFloorMicros(value: unknown, fallback: number): number {
  if (isBlank(value)) return fallback;
  const amount = typeof value === "string" ? Number(value.trim()) : value;
  if (typeof amount !== "number" || !Number.isFinite(amount)) throw new ValidationError("floor", "Floor price must be a number");
  const micros = dollarsToMicros(amount);
  if (micros < 0 || micros > MAX_CPM_MICROS) throw new ValidationError("floor", `Floor price must be from $0 to $${(MAX_CPM_MICROS / 1_000_000).toLocaleString("en-US")}`);
  if (micros % CENT_MICROS !== 0) throw new ValidationError("floor", "Floor price must be in whole cents, such as 1.50");
  return micros;
}
