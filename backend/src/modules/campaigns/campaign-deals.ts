import { Brackets, type EntityManager, Not } from "typeorm";
import { ConflictError } from "../../common/errors";
import { Campaign, CampaignStatus } from "./campaign.entity";
import { isFinal } from "./campaign-lifecycle";

const OVER = Object.values(CampaignStatus).filter(isFinal);

export const dealTaken = (dealId: string) => new ConflictError(`Deal ${dealId} is another live campaign's`, "dealId");

/**
 * A deal id is unique among live campaigns: one that is over (completed, rejected or archived) lets
 * go of it when another campaign takes it, in the same transaction; a live one keeps it. The unique
 * index has the last word, however many edits arrive at once (see CampaignsService.update).
 */
export async function takeDeal(manager: EntityManager, dealId: string, campaignId: number): Promise<void> {
  await manager
    .createQueryBuilder()
    .update(Campaign)
    .set({ dealId: null })
    .where("deal_id = :dealId", { dealId })
    .andWhere(new Brackets((over) => over.where("status IN (:...over)", { over: OVER }).orWhere("archived_at IS NOT NULL")))
    .execute();
  if (await manager.getRepository(Campaign).existsBy({ dealId, id: Not(campaignId) })) throw dealTaken(dealId);
}
