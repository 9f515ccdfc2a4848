import type { DataSource } from "typeorm";
import type { ApprovedCreativeCounts } from "../campaigns/campaigns.service";
import { Creative, CreativeStatus } from "./creative.entity";

/** How many approved creatives each campaign has: one query for a whole list, whatever its length. */
export function approvedCreativeCounts(dataSource: DataSource): ApprovedCreativeCounts {
  const creatives = dataSource.getRepository(Creative);
  return async (campaignIds) => {
    if (campaignIds.length === 0) return new Map();
    const rows: { campaignId: number | string; approved: number | string }[] = await creatives
      .createQueryBuilder("cr")
      .select("cr.campaign_id", "campaignId")
      .addSelect("COUNT(*)", "approved")
      .where("cr.campaign_id IN (:...campaignIds) AND cr.status = :approved", { campaignIds, approved: CreativeStatus.APPROVED })
      .groupBy("cr.campaign_id")
      .getRawMany();
    return new Map(rows.map((row) => [Number(row.campaignId), Number(row.approved)]));
  };
}
