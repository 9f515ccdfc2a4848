import type { DataSource } from "typeorm";
import { insertIgnoring } from "../../common/db-upsert";
import { dollarText } from "../campaigns/campaign-settings";
import { inTransaction } from "../../common/transaction";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";

/** A goal campaign's bids per zone as its history sums them up: the range, and the zones bid on. */
export function bidsSummary(bids: { elsewhere: number; byZone: ReadonlyMap<number, number> }): string {
  const values = [bids.elsewhere, ...bids.byZone.values()];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const zones = `${bids.byZone.size} zone${bids.byZone.size === 1 ? "" : "s"} with results`;
  return `${dollarText(low)} to ${dollarText(high)} CPM over ${zones}; ${dollarText(bids.elsewhere)} elsewhere`;
}

/**
 * Writes a goal campaign's bids per zone into its history once a day of the reporting calendar,
 * whichever ad server's loop gets there first: the day's row is claimed by a conditional write.
 */
export async function logBidsOnce(dataSource: DataSource, audit: AuditService, campaign: { id: number; advertiserId: number }, summary: string, day: string): Promise<boolean> {
  return inTransaction(dataSource, async (manager) => {
    const runner = manager.queryRunner!;
    const inserted = await runner.query(`${insertIgnoring(manager.connection)} INTO bid_summaries (campaign_id, day) VALUES (?, ?)`, [campaign.id, day], true);
    const claimed = inserted.affected ? inserted : await runner.query("UPDATE bid_summaries SET day = ? WHERE campaign_id = ? AND day < ?", [day, campaign.id, day], true);
    if (!claimed.affected) return false;
    await audit.record(
      { action: AuditAction.CAMPAIGN_OPTIMISED, actor: null, target: { type: "campaign", id: campaign.id, userId: campaign.advertiserId }, after: { zoneBids: summary, reason: "Bids per zone set from the predicted rates for the campaign's goal" } },
      manager,
    );
    return true;
  });
}
