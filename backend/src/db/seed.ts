import type { DataSource } from "typeorm";
import { Role } from "../auth/roles";
import { Campaign, CampaignStatus } from "../modules/campaigns/campaign.entity";
import { DepositRequest, DepositStatus } from "../modules/funds/deposit-request.entity";
import { newPaymentReference } from "../modules/funds/funds.service";
import { LedgerKind } from "../modules/ledger/ledger-entry.entity";
import { PayoutMethodType } from "../modules/payouts/payout-method";
import { newBatchId, writeBatch } from "../modules/delivery/counting/batch-writer";
import { statRow } from "../modules/delivery/counting/counted-events";
import type { CountedEvent, StatRow } from "../modules/delivery/counting/counted-events";
import { StatTable } from "../modules/delivery/counting/stat-table";
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

/** Demo traffic runs at a $4.00 CPM, shared 70/30 with the publisher. */
const DEMO_CPM_MICROS = 4_000_000;
const DEMO_REVENUE_SHARE = 0.7;
/** Creating a zone answers with its tag for an origin; the seed keeps none, so any origin will do. */
const TAG_ORIGIN = "http://localhost";

/** Where the app serves the demo creatives (backend/public/demo-ads), so the demo works offline. */
export const DEMO_ADS_PATH = "/demo-ads";

/** Where the demo accounts register from, as far as the registration limit is concerned: no visitor's address. */
const SEED_ADDRESS = "demo-seed";

/**
 * Fills an empty database with a publisher, an advertiser and an admin, and sites, zones,
 * campaigns and creatives in every status, whose figures agree with their status: the completed
 * campaign spent its budget, the active one has spent part of it, the others nothing.
 * `appOrigin` is where this app answers: the demo creatives are its own files.
 * Returns null, and changes nothing, when any user exists.
 */
export async function seedDemoData(services: Services, dataSource: DataSource, appOrigin: string): Promise<DemoLogin[] | null> {
  if ((await dataSource.getRepository(User).count()) > 0) return null;
  const [adminLogin, publisherLogin, advertiserLogin] = DEMO_LOGINS;

  const admin = await services.users.ensureAdmin(adminLogin.email, adminLogin.password);
  // The demo accounts are ready to use: their addresses count as verified, so no link is mailed to them.
  const publisher = await services.users.createAccount({ fullName: "Priya Publisher", ...publisherLogin, acceptTerms: true }, SEED_ADDRESS, { emailVerified: true });
  const advertiser = await services.users.createAccount({ fullName: "Adam Advertiser", ...advertiserLogin, acceptTerms: true }, SEED_ADDRESS, { emailVerified: true });

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

  const creative = (campaignId: number, name: string, file: string, width: number, height: number) =>
    services.creatives.create(advertiser, {
      campaignId,
      name,
      contentUrl: `${appOrigin}${DEMO_ADS_PATH}/${file}`,
      clickUrl: "https://example.com/shop",
      width,
      height,
    });
  const banner = await creative(spring.id, "Spring leaderboard", "spring-sale-728x90.svg", 728, 90);
  await services.creatives.approve(banner.id);
  await creative(spring.id, "Spring rectangle", "spring-sale-300x250.svg", 300, 250);
  const flashy = await creative(brand.id, "Flashing banner", "brand-awareness-728x90.svg", 728, 90);
  await services.creatives.reject(flashy.id, "Flashing animations are not allowed.");
  const basket = await creative(retargeting.id, "Basket reminder", "retargeting-728x90.svg", 728, 90);
  await services.creatives.approve(basket.id);

  await seedLocalDemo(services, dataSource, publisher, advertiser, appOrigin);
  // Both ran from the start of the demo's history, so all their traffic is inside their flights.
  const flightStart = isoDay(monthsAgo(HISTORY_MONTHS));
  const campaigns = dataSource.getRepository(Campaign);
  await campaigns.update(spring.id, { startDate: flightStart });
  // Retargeting Q3 spent its whole budget ($800 is 200,000 impressions at $4.00) and ended today.
  // Completion is the delivery engine's move when a budget runs out; the demo shows its outcome.
  await campaigns.update(retargeting.id, { startDate: flightStart, endDate: isoDay(new Date()), status: CampaignStatus.COMPLETED });
  await fundDemoAdvertiser(services, dataSource, advertiser, admin);
  await recordDemoTraffic(services, dataSource, { publisherId: publisher.id, siteId: techSite.id, zoneId: leaderboard.id, advertiserId: advertiser.id }, [
    { campaignId: spring.id, creativeId: banner.id, impressions: 60_000, clicks: 540, conversions: 10 },
    { campaignId: retargeting.id, creativeId: basket.id, impressions: 200_000, clicks: 1_500, conversions: 40 },
  ]);
  await seedDemoPayouts(services, publisher);
  return DEMO_LOGINS;
}

/**
 * The demo publisher's earnings of the history's first month are payable by now (Net-30): of them,
 * a payout was paid and another is waiting for an admin's Mark Paid, and the rest can still be
 * requested, to the bank account on file. Through the payouts service, so the books agree.
 */
async function seedDemoPayouts(services: Services, publisher: User): Promise<void> {
  await services.payouts.setMethod(publisher, { type: PayoutMethodType.BANK_TRANSFER, accountHolder: publisher.fullName, iban: "DE89370400440532013000", bic: "COBADEFFXXX" });
  const paid = await services.payouts.request(publisher, { amount: 120 });
  await services.payouts.markPaid(paid.id, { reference: "DEMO-TRANSFER-0001" });
  await services.payouts.request(publisher, { amount: 100 });
}

/**
 * The demo advertiser paid $5,000 in by bank transfer at the start of the demo's history, before the
 * demo traffic spent from it, and has announced a further $1,000 not yet received: their campaigns
 * deliver, and the Billing tab and the Finance view have something to show.
 */
async function fundDemoAdvertiser(services: Services, dataSource: DataSource, advertiser: User, admin: User): Promise<void> {
  const requests = dataSource.getRepository(DepositRequest);
  const paidAt = monthsAgo(HISTORY_MONTHS);
  const paid = await requests.save(
    requests.create({ advertiserId: advertiser.id, reference: newPaymentReference(), amountMicros: 5_000_000_000, status: DepositStatus.RECEIVED, receivedMicros: 5_000_000_000, receivedBy: admin.id, receivedAt: paidAt, createdAt: paidAt }),
  );
  await services.ledger.append([{ userId: advertiser.id, kind: LedgerKind.DEPOSIT, amountMicros: 5_000_000_000, actorId: admin.id, memo: `Bank transfer ${paid.reference}`, createdAt: paidAt }]);
  await requests.save(requests.create({ advertiserId: advertiser.id, reference: newPaymentReference(), amountMicros: 1_000_000_000, status: DepositStatus.PENDING }));
}

/** The demo's history starts this many months back: the first month's earnings are then payable on any day (Net-30). */
const HISTORY_MONTHS = 3;

/** The start of the UTC month `months` before this one. */
function monthsAgo(months: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A site on `localhost` whose zone an untargeted campaign fills, so the demo tag counts on a
 * developer's own pages (on localhost and *.localhost) out of the box. Publishers may add
 * `localhost` only outside production, and a demo may be seeded anywhere, so the seed writes this site directly.
 */
async function seedLocalDemo(services: Services, dataSource: DataSource, publisher: User, advertiser: User, appOrigin: string): Promise<void> {
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
    contentUrl: `${appOrigin}${DEMO_ADS_PATH}/local-test-300x250.svg`,
    clickUrl: "https://example.com/",
    width: 300,
    height: 250,
  });
  await services.creatives.approve(creative.id);
}

interface CampaignTraffic {
  campaignId: number;
  creativeId: number;
  impressions: number;
  clicks: number;
  conversions: number;
}

/** Unfilled requests, as a share of the impressions: the demo zone fills 95% of the time. */
const DEMO_UNFILLED_SHARE = 0.05;

async function recordDemoTraffic(
  services: Services,
  dataSource: DataSource,
  place: Pick<CountedEvent, "publisherId" | "siteId" | "zoneId" | "advertiserId">,
  campaigns: CampaignTraffic[],
): Promise<void> {
  // Half of it at the start of the history, whose earnings are payable now; a fifth at the start of
  // last month and the rest this hour, so the stat cards have a month to compare with.
  const thisHour = new Date();
  thisHour.setUTCMinutes(0, 0, 0);
  const share = (total: number, tenths: number) => (total * tenths) / 10;
  for (const [hour, tenths] of [
    [monthsAgo(HISTORY_MONTHS), 5],
    [monthsAgo(1), 2],
    [thisHour, 3],
  ] as const) {
    const stats: StatRow[] = [];
    for (const campaign of campaigns) {
      const impressions = share(campaign.impressions, tenths);
      const spendMicros = (impressions * DEMO_CPM_MICROS) / 1000;
      const revenueMicros = Math.round(spendMicros * DEMO_REVENUE_SHARE);
      const { campaignId, creativeId } = campaign;
      const counts = { clicks: share(campaign.clicks, tenths), conversions: share(campaign.conversions, tenths), spendMicros, revenueMicros };
      stats.push(statRow({ ...place, atMs: hour.getTime(), campaignId, creativeId, country: "US" }, { requests: impressions, impressions, ...counts }));
      const entry = { campaignId, zoneId: place.zoneId, memo: "Demo traffic", createdAt: hour };
      await services.ledger.append([
        { ...entry, userId: place.advertiserId, kind: LedgerKind.SPEND, amountMicros: spendMicros },
        { ...entry, userId: place.publisherId, kind: LedgerKind.EARNING, amountMicros: revenueMicros },
      ]);
    }
    const filled = stats.reduce((sum, row) => sum + row.impressions, 0);
    const unfilled = { ...place, atMs: hour.getTime(), advertiserId: 0, campaignId: 0, creativeId: 0, country: "US" };
    stats.push(statRow(unfilled, { requests: filled * DEMO_UNFILLED_SHARE }));
    // Through the ad server's own writer, so the dashboards' read model counts the demo traffic too.
    await writeBatch(dataSource, { id: newBatchId(), stats: StatTable.of(stats), invalid: [], money: [], clicks: [], completed: [] });
  }
}

