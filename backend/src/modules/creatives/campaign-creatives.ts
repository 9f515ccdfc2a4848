import type { DataSource, EntityManager } from "typeorm";
import type { CampaignCreatives } from "../campaigns/campaign-creatives";
import { Creative, CreativeStatus } from "./creative.entity";

/** What the campaigns module asks of a campaign's creatives, answered here where creatives are kept. */
export function campaignCreatives(dataSource: DataSource): CampaignCreatives {
  const creatives = dataSource.getRepository(Creative);
  return {
    /** One query for a whole list, whatever its length. */
    async approvedCounts(campaignIds) {
      if (campaignIds.length === 0) return new Map();
      const rows: { campaignId: number | string; approved: number | string }[] = await creatives
        .createQueryBuilder("cr")
        .select("cr.campaign_id", "campaignId")
        .addSelect("COUNT(*)", "approved")
        .where("cr.campaign_id IN (:...campaignIds) AND cr.status = :approved", { campaignIds, approved: CreativeStatus.APPROVED })
        .groupBy("cr.campaign_id")
        .getRawMany();
      return new Map(rows.map((row) => [Number(row.campaignId), Number(row.approved)]));
    },
    /** Copies of every creative of one campaign for another, each waiting for review, in the caller's transaction. */
    async copyAsPending(manager: EntityManager, fromCampaignId, toCampaignId) {
      const repository = manager.getRepository(Creative);
      const originals = await repository.find({ where: { campaignId: fromCampaignId }, order: { id: "ASC" } });
      await repository.save(
        originals.map(({ name, type, contentUrl, mediaId, clickUrl, width, height }) =>
          repository.create({ campaignId: toCampaignId, name, type, contentUrl, mediaId, clickUrl, width, height, status: CreativeStatus.PENDING, rejectionReason: null }),
        ),
      );
    },
  };
}
