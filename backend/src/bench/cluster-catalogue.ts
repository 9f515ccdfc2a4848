import "reflect-metadata";
import type { DataSource } from "typeorm";
import { Role } from "../auth/roles";
import { Campaign, CampaignStatus, PacingMode } from "../modules/campaigns/campaign.entity";
import { Creative, CreativeStatus } from "../modules/creatives/creative.entity";
import { LedgerKind } from "../modules/ledger/ledger-entry.entity";
import { LedgerService } from "../modules/ledger/ledger.service";
import { Site, SiteStatus } from "../modules/sites/site.entity";
import { User } from "../modules/users/user.entity";
import { AdZone } from "../modules/zones/ad-zone.entity";

/** What the cluster bench sells: one zone on one site, and the campaign that fills it. */
export interface ClusterCatalogue {
  zoneId: number;
  campaignId: number;
  advertiserId: number;
  /** The page the visitors are on, on the zone's site. */
  page: string;
  origin: string;
  budgetMicros: number;
  fundsMicros: number;
}

const DOMAIN = "news.cluster.example";
/** $2 CPM: 2,000 micros an impression, so the budget lasts far beyond any bench. */
const BID_MICROS = 2_000_000;
const BUDGET_MICROS = 10_000 * 1_000_000;
const FUNDS_MICROS = 2 * BUDGET_MICROS;

/** A publisher's approved site and zone, and a funded advertiser's live campaign with a budget, spent as traffic comes. */
export async function seedClusterCatalogue(dataSource: DataSource): Promise<ClusterCatalogue> {
  const users = dataSource.getRepository(User);
  const user = (role: Role) => ({ email: `${role}@cluster.example`, fullName: `Cluster ${role}`, role, passwordHash: "-" });
  const publisher = await users.save(user(Role.PUBLISHER));
  const advertiser = await users.save(user(Role.ADVERTISER));
  await new LedgerService(dataSource).append([{ userId: advertiser.id, kind: LedgerKind.DEPOSIT, amountMicros: FUNDS_MICROS, memo: "Cluster bench funds" }]);
  const site = await dataSource
    .getRepository(Site)
    .save({ publisherId: publisher.id, domain: DOMAIN, name: "Cluster news", category: "news", description: "Cluster bench site", status: SiteStatus.APPROVED });
  const zone = await dataSource.getRepository(AdZone).save({ siteId: site.id, name: "Top", width: 300, height: 250, format: "banner", position: "content" });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const campaign = await dataSource.getRepository(Campaign).save({
    advertiserId: advertiser.id,
    name: "Cluster campaign",
    budgetMicros: BUDGET_MICROS,
    bidMicros: BID_MICROS,
    pacing: PacingMode.ASAP,
    targetCountries: [],
    startDate: day(-1),
    endDate: day(30),
    status: CampaignStatus.ACTIVE,
  });
  await dataSource.getRepository(Creative).save({
    campaignId: campaign.id,
    name: "Banner",
    type: "image",
    contentUrl: "https://cdn.cluster.example/banner.png",
    clickUrl: "https://shop.cluster.example/",
    width: 300,
    height: 250,
    status: CreativeStatus.APPROVED,
  });
  return {
    zoneId: zone.id,
    campaignId: campaign.id,
    advertiserId: advertiser.id,
    page: `https://${DOMAIN}/story`,
    origin: `https://${DOMAIN}`,
    budgetMicros: BUDGET_MICROS,
    fundsMicros: FUNDS_MICROS,
  };
}
