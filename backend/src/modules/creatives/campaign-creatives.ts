import { type DataSource, type EntityManager, In, IsNull } from "typeorm";
import type { CampaignCreatives } from "../campaigns/campaign-creatives";
import { Creative, CreativeStatus } from "./creative.entity";
import { type ApprovalRecorders, approveWithRecord } from "./creative-approval";

/** What a copy of a creative does not take from its original: whose it is, how its review went, and whether it was archived. */
const NOT_COPIED = new Set<keyof Creative>(["campaignId", "status", "rejectionReason", "archivedAt"]);

/**
 * The creatives a duplicate takes: those approved or waiting for review. A rejected one would go
 * back to review unchanged, and an archived one was taken out by its advertiser.
 */
export const COPIED_STATUSES: readonly CreativeStatus[] = [CreativeStatus.APPROVED, CreativeStatus.PENDING];

/** What the campaigns module asks of a campaign's creatives, answered here where creatives are kept. */
export function campaignCreatives(dataSource: DataSource, recorders: ApprovalRecorders): CampaignCreatives {
  const creatives = dataSource.getRepository(Creative);
  return {
    /** One query for a whole list, whatever its length. */
    async approvedCounts(campaignIds) {
      if (campaignIds.length === 0) return new Map();
      const rows: { campaignId: number | string; approved: number | string }[] = await creatives
        .createQueryBuilder("cr")
        .select("cr.campaign_id", "campaignId")
        .addSelect("COUNT(*)", "approved")
        .where("cr.campaign_id IN (:...campaignIds) AND cr.status = :approved AND cr.archived_at IS NULL", { campaignIds, approved: CreativeStatus.APPROVED })
        .groupBy("cr.campaign_id")
        .getRawMany();
      return new Map(rows.map((row) => [Number(row.campaignId), Number(row.approved)]));
    },
    /** One query for a whole list, whatever its length; an archived creative is no longer the campaign's, so it is left out. */
    async countsByStatus(campaignIds) {
      if (campaignIds.length === 0) return new Map();
      const rows: { campaignId: number | string; status: string; count: number | string }[] = await creatives
        .createQueryBuilder("cr")
        .select("cr.campaign_id", "campaignId")
        .addSelect("cr.status", "status")
        .addSelect("COUNT(*)", "count")
        .where("cr.campaign_id IN (:...campaignIds) AND cr.archived_at IS NULL", { campaignIds })
        .groupBy("cr.campaign_id")
        .addGroupBy("cr.status")
        .getRawMany();
      const counts = new Map<number, Record<string, number>>();
      for (const row of rows) {
        const id = Number(row.campaignId);
        counts.set(id, { ...counts.get(id), [row.status]: Number(row.count) });
      }
      return counts;
    },
    async sizeCount(campaignId) {
      const rows: unknown[] = await creatives
        .createQueryBuilder("cr")
        .select(["cr.width", "cr.height"])
        .where("cr.campaign_id = :campaignId AND cr.status IN (:...statuses) AND cr.archived_at IS NULL", { campaignId, statuses: COPIED_STATUSES })
        .groupBy("cr.width")
        .addGroupBy("cr.height")
        .getRawMany();
      return rows.length;
    },
    /**
     * Copies of one campaign's approved and pending creatives (COPIED_STATUSES) for another, each
     * waiting for review, in the caller's transaction. A copy takes every column the entity declares
     * but its identity, owner, times and review, so a field added to Creative later is copied
     * without anyone remembering it here.
     */
    async copyAsPending(manager: EntityManager, fromCampaignId, toCampaignId) {
      const repository = manager.getRepository(Creative);
      const copied = repository.metadata.columns.filter((column) => !column.isPrimary && !column.isCreateDate && !column.isUpdateDate && !NOT_COPIED.has(column.propertyName as keyof Creative));
      const originals = await repository.find({ where: { campaignId: fromCampaignId, status: In([...COPIED_STATUSES]), archivedAt: IsNull() }, order: { id: "ASC" } });
      await repository.save(
        originals.map((original) => {
          const copy = repository.create({ campaignId: toCampaignId, status: CreativeStatus.PENDING, rejectionReason: null });
          for (const column of copied) column.setEntityValue(copy, column.getEntityValue(original));
          return copy;
        }),
      );
    },
    /**
     * Read and approved in the campaign's approval transaction, oldest first. One reviewed by
     * someone else meanwhile keeps that review and is left out: the admin asked for what is pending.
     */
    async approvePending(manager, campaign) {
      const pending = await manager.getRepository(Creative).find({ where: { campaignId: campaign.id, status: CreativeStatus.PENDING, archivedAt: IsNull() }, order: { id: "ASC" } });
      const approved: string[] = [];
      for (const creative of pending) {
        if (await approveWithRecord(manager, Object.assign(creative, { campaign }), "skip", recorders)) approved.push(creative.name);
      }
      return approved;
    },
  };
}
