import type { EntityManager } from "typeorm";

/** What a campaign needs of its creatives: the creatives module answers, wired in the composition root. */
export interface CampaignCreatives {
  /** How many approved creatives each campaign has. */
  approvedCounts(campaignIds: number[]): Promise<Map<number, number>>;
  /** How many creatives each campaign has in each review status (pending, approved, rejected); a status with none is left out. */
  countsByStatus(campaignIds: number[]): Promise<Map<number, Record<string, number>>>;
  /** Copies of one campaign's creatives for another, each pending review, in the caller's transaction. */
  copyAsPending(manager: EntityManager, fromCampaignId: number, toCampaignId: number): Promise<void>;
}
