import type { FastifyBaseLogger } from "fastify";
import { DataSource, In, Repository } from "typeorm";
import { CampaignCompleted, CampaignOutOfFunds } from "../../events/campaign-events";
import type { EventBus } from "../../events/event-bus";
import { advertiserAccounts } from "../funds/funds-totals";
import { Campaign, CampaignStatus } from "./campaign.entity";

/**
 * What the ad server sees happen to campaigns, published as events with the facts their subscribers
 * need. Never throws: the ad server tells it in passing and must not fail over it.
 */
export class CampaignNews {
  private readonly campaigns: Repository<Campaign>;

  constructor(
    dataSource: DataSource,
    private readonly events: EventBus,
    private readonly log: Pick<FastifyBaseLogger, "error">,
  ) {
    this.campaigns = dataSource.getRepository(Campaign);
  }

  /** Campaigns whose last impression's write is committed; only those the database holds as completed are news. */
  readonly completed = async (campaignIds: number[]): Promise<void> => {
    if (campaignIds.length === 0) return;
    try {
      const campaigns = await this.campaigns.find({ select: { id: true, name: true, advertiserId: true, status: true }, where: { id: In(campaignIds) } });
      for (const campaign of campaigns) {
        if (campaign.status !== CampaignStatus.COMPLETED) continue;
        await this.events.publish(new CampaignCompleted(campaign.id, campaign.advertiserId, campaign.name));
      }
    } catch (error) {
      this.log.error({ err: error }, "could not announce completed campaigns");
    }
  };

  /**
   * A charge was refused for want of funds, told once the batch that wrote its webhook event is
   * committed: that refusal is the fact, as the ledger may not hold the last spend yet.
   */
  readonly outOfFunds = async (campaignId: number): Promise<void> => {
    try {
      const campaign = await this.campaigns.findOne({ select: { id: true, name: true, advertiserId: true }, where: { id: campaignId } });
      if (!campaign) return;
      const account = (await advertiserAccounts(this.campaigns.manager, [campaign.advertiserId])).get(campaign.advertiserId);
      if (!account) return;
      await this.events.publish(new CampaignOutOfFunds(campaign.id, campaign.advertiserId, campaign.name, account.allowanceMicros));
    } catch (error) {
      this.log.error({ err: error }, "could not announce a campaign out of funds");
    }
  };
}
