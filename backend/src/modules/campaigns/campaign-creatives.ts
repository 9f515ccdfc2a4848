import type { EntityManager } from "typeorm";
import type { Campaign } from "./campaign.entity";

/** What a campaign needs of its creatives: the creatives module answers, wired in the composition root. */
export interface CampaignCreatives {
  /** How many approved creatives each campaign has. */
  approvedCounts(campaignIds: number[]): Promise<Map<number, number>>;
  /** How many creatives each campaign has in each review status (pending, approved, rejected); a status with none is left out. */
  countsByStatus(campaignIds: number[]): Promise<Map<number, Record<string, number>>>;
  /** How many sizes its creatives come in, those approved or waiting for review: how many zones of a page it can fill together. */
  sizeCount(campaignId: number): Promise<number>;
  /** Copies of one campaign's creatives for another, each pending review, in the caller's transaction. */
  copyAsPending(manager: EntityManager, fromCampaignId: number, toCampaignId: number): Promise<void>;
  /**
   * Approves the campaign's pending creatives in the caller's transaction, each with its audit entry
   * and webhook event but no e-mail of its own (the campaign's tells of them); answers their names.
   */
  approvePending(manager: EntityManager, campaign: Campaign): Promise<string[]>;
}
