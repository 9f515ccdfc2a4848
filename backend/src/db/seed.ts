import type { DataSource } from "typeorm";
import { Role } from "../auth/roles";
import { Campaign, CampaignStatus } from "../modules/campaigns/campaign.entity";
import { LedgerKind } from "../modules/ledger/ledger-entry.entity";
import { DeliveryStat } from "../modules/reports/delivery-stat.entity";
import { Site, SiteStatus } from "../modules/sites/site.entity";
import { User } from "../modules/users/user.entity";
import type { Services } from "../services";

export interface DemoLogin {
  role: Role;
  email: string;
  password: string;
}

export const DEMO_LOGINS: DemoLogin[] = [
  { role: Role.ADMIN, email: "admin@adnet.test", password: "admin-demo-2024" },
  { role: Role.PUBLISHER, email: "publisher@adnet.test", password: "publisher-demo-2024" },
  { role: Role.ADVERTISER, email: "advertiser@adnet.test", password: "advertiser-demo-2024" },
];

/** Demo traffic: 60,000 impressions at a $4.00 CPM, shared 70/30 with the publisher. */
const DEMO_IMPRESSIONS = 60_000;
const DEMO_CPM_MICROS = 4_000_000;
const DEMO_REVENUE_SHARE = 0.7;
/** Creating a zone answers with its tag for an origin; the seed keeps none, so any origin will do. */
const TAG_ORIGIN = "http://localhost";

/**
 * Fills an empty database with a publisher, an advertiser and an admin, and sites, zones,
 * campaigns and creatives in every status. Returns null, and changes nothing, when any user exists.
 */
export async function seedDemoData(services: Services, dataSource: DataSource): Promise<DemoLogin[] | null> {
  if ((await dataSource.getRepository(User).count()) > 0) return null;
  const [adminLogin, publisherLogin, advertiserLogin] = DEMO_LOGINS;

  await services.users.ensureAdmin(adminLogin.email, adminLogin.password);
  const publisher = await services.users.register({ fullName: "Priya Publisher", ...publisherLogin });
  const advertiser = await services.users.register({ fullName: "Adam Advertiser", ...advertiserLogin });

  const site = async (domain: string, name: string, category: string) =>
    (await services.sites.create(publisher, { domain, name, category, description: `${name}: demo site for the publisher dashboard.` })).site;
  const techSite = await site("techdaily.example", "Tech Daily", "technology");
  const sportsSite = await site("matchday.example", "Matchday", "sports");
  await site("newsroom.example", "The Newsroom", "news");
  const spamSite = await site("free-prizes.example", "Free Prizes", "entertainment");
  await services.sites.approve(techSite.id);
  await services.sites.approve(sportsSite.id);
  await services.sites.reject(spamSite.id, "Incentivized traffic is not allowed (see publisher requirements).");

  const leaderboard = (await services.zones.create(publisher, { siteId: techSite.id, name: "Homepage leaderboard" }, TAG_ORIGIN)).zone;
  await services.zones.create(publisher, { siteId: techSite.id, name: "Article sidebar", width: 300, height: 250, position: "sidebar" }, TAG_ORIGIN);
  await services.zones.create(publisher, { siteId: sportsSite.id, name: "Scores footer", width: 728, height: 90, position: "footer" }, TAG_ORIGIN);

  const campaign = async (name: string, budget: number, targetCountries: string[]) =>
    (await services.campaigns.create(advertiser, { name, budget, cpm: DEMO_CPM_MICROS / 1_000_000, targetCountries })).campaign;
  const spring = await campaign("Spring Sale", 2500, ["United States", "Canada"]);
  const brand = await campaign("Brand Awareness", 1000, []);
  await campaign("New Product Launch", 5000, ["United Kingdom", "Germany", "France"]);
  const retargeting = await campaign("Retargeting Q3", 800, ["US"]);
  const casino = await campaign("Lucky Spins", 600, ["TR"]);
  await services.campaigns.approve(spring.id);
  await services.campaigns.approve(brand.id);
  await services.campaigns.pause(advertiser, brand.id);
  await services.campaigns.approve(retargeting.id);
  await services.campaigns.reject(casino.id, "Gambling ads need a licence on file.");
  // Completion is the delivery engine's move when a budget runs out; the demo shows the state directly.
  await dataSource.getRepository(Campaign).update(retargeting.id, { status: CampaignStatus.COMPLETED });

  const creative = (campaignId: number, name: string, width: number, height: number) =>
    services.creatives.create(advertiser, {
      campaignId,
      name,
      contentUrl: `https://placehold.co/${width}x${height}/png?text=${encodeURIComponent(name)}`,
      clickUrl: "https://example.com/spring-sale",
      width,
      height,
    });
  const banner = await creative(spring.id, "Spring leaderboard", 728, 90);
  await services.creatives.approve(banner.id);
  await creative(spring.id, "Spring rectangle", 300, 250);
  const flashy = await creative(brand.id, "Flashing banner", 728, 90);
  await services.creatives.reject(flashy.id, "Flashing animations are not allowed.");

  await seedLocalDemo(services, dataSource, publisher, advertiser);
  await recordDemoTraffic(services, dataSource, { publisherId: publisher.id, advertiserId: advertiser.id, zoneId: leaderboard.id, campaignId: spring.id, creativeId: banner.id });
  return DEMO_LOGINS;
}

/**
 * A site on `localhost` whose zone an untargeted campaign fills, so the demo tag counts on a
 * developer's own pages (on localhost and *.localhost) out of the box. Publishers cannot add
 * `localhost` (it is no public domain), so the seed writes this site directly.
 */
async function seedLocalDemo(services: Services, dataSource: DataSource, publisher: User, advertiser: User): Promise<void> {
  const localSite = await dataSource.getRepository(Site).save({
    publisherId: publisher.id,
    domain: "localhost",
    name: "Local test page",
    category: "technology",
    description: "Paste this site's zone tag into a page served from localhost to see the ad server at work.",
    status: SiteStatus.APPROVED,
  });
  await services.zones.create(publisher, { siteId: localSite.id, name: "Local rectangle", width: 300, height: 250, position: "content" }, TAG_ORIGIN);
  // Untargeted: a visitor on localhost has no country, and unknown countries see untargeted campaigns only.
  const { campaign } = await services.campaigns.create(advertiser, { name: "Local Test Ad", budget: 1000, cpm: DEMO_CPM_MICROS / 1_000_000, targetCountries: [] });
  await services.campaigns.approve(campaign.id);
  const creative = await services.creatives.create(advertiser, {
    campaignId: campaign.id,
    name: "Local test rectangle",
    contentUrl: "https://placehold.co/300x250/png?text=AdNet%20demo%20ad",
    clickUrl: "https://example.com/",
    width: 300,
    height: 250,
  });
  await services.creatives.approve(creative.id);
}

async function recordDemoTraffic(
  services: Services,
  dataSource: DataSource,
  ids: { publisherId: number; advertiserId: number; zoneId: number; campaignId: number; creativeId: number },
): Promise<void> {
  // Two fifths of it at the start of last month, the rest this hour, so the stat cards have a month to compare with.
  const thisHour = new Date();
  thisHour.setUTCMinutes(0, 0, 0);
  const lastMonth = new Date(Date.UTC(thisHour.getUTCFullYear(), thisHour.getUTCMonth() - 1, 1));
  const share = (total: number, fifths: number) => (total * fifths) / 5;
  for (const [hour, fifths] of [
    [lastMonth, 2],
    [thisHour, 3],
  ] as const) {
    const impressions = share(DEMO_IMPRESSIONS, fifths);
    const spendMicros = (impressions * DEMO_CPM_MICROS) / 1000;
    const revenueMicros = Math.round(spendMicros * DEMO_REVENUE_SHARE);
    await dataSource.getRepository(DeliveryStat).insert([
      {
        hour,
        zoneId: ids.zoneId,
        campaignId: ids.campaignId,
        creativeId: ids.creativeId,
        country: "US",
        requests: impressions,
        impressions,
        clicks: share(540, fifths),
        conversions: share(10, fifths),
        spendMicros,
        revenueMicros,
      },
      { hour, zoneId: ids.zoneId, campaignId: 0, creativeId: 0, country: "US", requests: share(3_000, fifths) },
    ]);
    const entry = { campaignId: ids.campaignId, zoneId: ids.zoneId, memo: "Demo traffic", createdAt: hour };
    await services.ledger.append([
      { ...entry, userId: ids.advertiserId, kind: LedgerKind.SPEND, amountMicros: spendMicros },
      { ...entry, userId: ids.publisherId, kind: LedgerKind.EARNING, amountMicros: revenueMicros },
    ]);
  }
}
