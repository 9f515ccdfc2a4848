import type { EntityManager } from "typeorm";
import type { OwnedCounts } from "../reports/facts";
import type { StatRow } from "./model";

interface ZoneOwner {
  siteId: number;
  publisherId: number;
}

const UNKNOWN_ZONE: ZoneOwner = { siteId: 0, publisherId: 0 };

/**
 * Who owns the zones and campaigns that counted events name, for the read model's totals. A zone
 * never changes site nor a site publisher, and a campaign never changes advertiser, so what is
 * learned is kept for the life of the writer: after its first batch a flush asks the database
 * nothing.
 */
export class OwnerDirectory {
  private readonly zones = new Map<number, ZoneOwner>();
  private readonly campaigns = new Map<number, number>();

  async owned(manager: EntityManager, rows: StatRow[]): Promise<OwnedCounts[]> {
    await this.learn(manager, rows);
    return rows.map((row) => {
      const zone = this.zones.get(row.zoneId) ?? UNKNOWN_ZONE;
      const { requests, impressions, clicks, conversions, spendMicros, revenueMicros } = row;
      const counts = { requests, impressions, clicks, conversions, spendMicros, revenueMicros };
      const { hour, zoneId, campaignId, creativeId, country } = row;
      return { ...counts, hour, zoneId, campaignId, creativeId, country, advertiserId: this.campaigns.get(campaignId) ?? 0, ...zone };
    });
  }

  private async learn(manager: EntityManager, rows: StatRow[]): Promise<void> {
    const zoneIds = [...new Set(rows.map((row) => row.zoneId).filter((id) => !this.zones.has(id)))];
    const campaignIds = [...new Set(rows.map((row) => row.campaignId).filter((id) => id > 0 && !this.campaigns.has(id)))];
    if (zoneIds.length > 0) {
      const zones: { id: number; siteId: number; publisherId: number }[] = await manager
        .createQueryBuilder()
        .select(["z.id AS id", "z.site_id AS siteId", "s.publisher_id AS publisherId"])
        .from("ad_zones", "z")
        .innerJoin("sites", "s", "s.id = z.site_id")
        .where("z.id IN (:...zoneIds)", { zoneIds })
        .getRawMany();
      for (const zone of zones) this.zones.set(Number(zone.id), { siteId: Number(zone.siteId), publisherId: Number(zone.publisherId) });
    }
    if (campaignIds.length > 0) {
      const campaigns: { id: number; advertiserId: number }[] = await manager
        .createQueryBuilder()
        .select(["c.id AS id", "c.advertiser_id AS advertiserId"])
        .from("campaigns", "c")
        .where("c.id IN (:...campaignIds)", { campaignIds })
        .getRawMany();
      for (const campaign of campaigns) this.campaigns.set(Number(campaign.id), Number(campaign.advertiserId));
    }
  }
}
