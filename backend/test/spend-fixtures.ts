import type { AdvertiserFunds, SpendSource } from "../src/modules/delivery/delivery-state";
import type { CampaignSpend } from "../src/modules/delivery/model";

/** The one advertiser of campaigns 100 and 101. */
export const ADVERTISER = 41;

/** The database as a delivery state loads it: the campaigns' ledger spend and the advertiser's account, as plain figures. */
export class Database implements SpendSource {
  campaigns = new Map<number, CampaignSpend>([
    [100, { total: 0, today: 0 }],
    [101, { total: 0, today: 0 }],
  ]);
  funds: AdvertiserFunds = { spentMicros: 0, allowanceMicros: 0 };

  campaignIds(): number[] {
    return [...this.campaigns.keys()];
  }

  async load(campaignIds: number[]): Promise<Map<number, CampaignSpend>> {
    return new Map(campaignIds.map((id) => [id, { ...(this.campaigns.get(id) ?? { total: 0, today: 0 }) }]));
  }

  pending(): Map<number, CampaignSpend> {
    return new Map();
  }

  advertiserIds(): number[] {
    return [ADVERTISER];
  }

  async loadFunds(advertiserIds: number[]): Promise<Map<number, AdvertiserFunds>> {
    return new Map(advertiserIds.map((id) => [id, id === ADVERTISER ? { ...this.funds } : { spentMicros: 0, allowanceMicros: 0 }]));
  }

  pendingFunds(): Map<number, number> {
    return new Map();
  }
}
