import type { DataSource } from "typeorm";
import { Campaign } from "../modules/campaigns/campaign.entity";
import { Site } from "../modules/sites/site.entity";
import { AdZone } from "../modules/zones/ad-zone.entity";
import { seedOneCampaign } from "./fault-scenarios";

/** What the cluster bench sells: one zone on one site, and the campaign that fills it. */
export interface ClusterCatalogue {
  zoneId: number;
  campaignId: number;
  advertiserId: number;
  budgetMicros: number;
  /** The page the visitors are on, on the zone's site, and the site's origin their beacons carry. */
  page: string;
  origin: string;
}

/** The fault scenarios' catalogue: a publisher's approved site and zone, a funded advertiser's live campaign with a budget. */
export async function seedClusterCatalogue(dataSource: DataSource): Promise<ClusterCatalogue> {
  const { zoneId, campaignId } = await seedOneCampaign(dataSource);
  const campaign = await dataSource.getRepository(Campaign).findOneByOrFail({ id: campaignId });
  const zone = await dataSource.getRepository(AdZone).findOneByOrFail({ id: zoneId });
  const site = await dataSource.getRepository(Site).findOneByOrFail({ id: zone.siteId });
  const origin = `https://${site.domain}`;
  return { zoneId, campaignId, advertiserId: campaign.advertiserId, budgetMicros: campaign.budgetMicros, page: `${origin}/story`, origin };
}
