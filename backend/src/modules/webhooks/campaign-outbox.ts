import { type EntityManager, In } from "typeorm";
import { Campaign } from "../campaigns/campaign.entity";
import { advertiserAccounts } from "../funds/funds-totals";
import { campaignNewsKeys } from "../notifications/notification-kinds";
import { webhookEventKey, writeWebhookEvent } from "./webhook-outbox";

type CampaignNamed = Pick<Campaign, "id" | "advertiserId" | "name">;

/*
 * The ad server's news of campaigns, written by the delivery batch that makes it, so each event is
 * committed exactly when its batch is. Keyed as their e-mails are (campaignNewsKeys), so a moment
 * is one event however many processes' batches tell it.
 */

/** The batch marked these campaigns completed. */
export async function writeCampaignsCompleted(manager: EntityManager, campaigns: CampaignNamed[], nowMs: number): Promise<void> {
  for (const { id, advertiserId, name } of campaigns) {
    await writeWebhookEvent(manager, advertiserId, "campaign.completed", { type: "campaign", id, name }, { key: webhookEventKey("campaign.completed", campaignNewsKeys.completed(id)), nowMs });
  }
}

/** The batch counts charges of these campaigns refused for want of funds: news again once the advertiser's allowance moves. */
export async function writeCampaignsOutOfFunds(manager: EntityManager, campaignIds: number[], nowMs: number): Promise<void> {
  const campaigns = await manager.getRepository(Campaign).find({ select: { id: true, advertiserId: true, name: true }, where: { id: In(campaignIds) } });
  const accounts = await advertiserAccounts(manager, [...new Set(campaigns.map((campaign) => campaign.advertiserId))]);
  for (const { id, advertiserId, name } of campaigns) {
    const allowanceMicros = accounts.get(advertiserId)?.allowanceMicros;
    if (allowanceMicros === undefined) continue;
    const key = webhookEventKey("campaign.out_of_funds", campaignNewsKeys.outOfFunds(id, allowanceMicros));
    await writeWebhookEvent(manager, advertiserId, "campaign.out_of_funds", { type: "campaign", id, name }, { key, nowMs });
  }
}
