import { type DataSource, MoreThanOrEqual } from "typeorm";
import { Role } from "../auth/roles";
import { AuditEntry } from "../modules/audit/audit-entry.entity";
import { Campaign, CampaignStatus } from "../modules/campaigns/campaign.entity";
import { Creative } from "../modules/creatives/creative.entity";
import { DepositRequest, DepositStatus } from "../modules/funds/deposit-request.entity";
import { newPaymentReference } from "../modules/funds/funds.service";
import { LedgerKind } from "../modules/ledger/ledger-entry.entity";
import { MailMessage } from "../modules/mail/mail-message.entity";
import { Payout } from "../modules/payouts/payout.entity";
import { PayoutMethodType } from "../modules/payouts/payout-method";
import { PayoutMethod } from "../modules/payouts/payout-method.entity";
import { MINIMUM_PAYOUT_MICROS, PayoutsService, payableFromMs } from "../modules/payouts/payouts.service";
import { DAY_MS, HOUR_MS, reportCalendar } from "../modules/reports/grains";
import { AdsTxtStatus } from "../modules/sites/ads-txt-status";
import { Site, SiteStatus } from "../modules/sites/site.entity";
import { User } from "../modules/users/user.entity";
import { AdZone } from "../modules/zones/ad-zone.entity";
import type { Services } from "../services";
import { WEEKLY, writeDemoTraffic } from "./demo-traffic";

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

/** The demo's traffic covers this many days, today included: three months of charts, reports and forecasts. */
export const HISTORY_DAYS = 90;

/** Retargeting Q3 spent its whole budget in its first this many days, then completed. */
const RETARGETING_DAYS = 60;

/** Where the network's visitors come from, and those of the campaigns, which target their countries. */
const VISITOR_COUNTRIES = { US: 42, GB: 14, CA: 10, DE: 10, FR: 8, AU: 6, NL: 5, BR: 5 };

/**
 * Fills an empty database with a publisher, an advertiser and an admin, and sites, zones,
 * campaigns and creatives in every status, whose figures agree with their status: the completed
 * campaign spent its budget, the active one has spent part of it, the others nothing. The network
 * has three months of past: its entities were created, reviewed and funded before the first day of
 * traffic (the recent submissions waiting for review excepted), and every hour since has its traffic.
 * `appOrigin` is where this app answers: the demo creatives are its own files.
 * Returns null, and changes nothing, when any user exists.
 */
export async function seedDemoData(services: Services, dataSource: DataSource, appOrigin: string): Promise<DemoLogin[] | null> {
  if ((await dataSource.getRepository(User).count()) > 0) return null;
  const [adminLogin, publisherLogin, advertiserLogin] = DEMO_LOGINS;
  const story = new DemoStory(dataSource, Date.now(), HISTORY_DAYS);
  const { day } = story;

  const { admin, publisher, advertiser } = await story.on(day(-12), async () => ({
    admin: await services.users.ensureAdmin(adminLogin.email, adminLogin.password),
    // The demo accounts are ready to use: their addresses count as verified, so no link is mailed to them.
    publisher: await services.users.createAccount({ fullName: "Priya Publisher", ...publisherLogin, acceptTerms: true }, SEED_ADDRESS, { emailVerified: true }),
    advertiser: await services.users.createAccount({ fullName: "Adam Advertiser", ...advertiserLogin, acceptTerms: true }, SEED_ADDRESS, { emailVerified: true }),
  }));

  const site = async (domain: string, name: string, category: string) =>
    (await services.sites.create(publisher, { domain, name, category, description: `${name}: demo site for the publisher dashboard.` })).site;
  const [techSite, sportsSite, spamSite] = await story.on(day(-11), () =>
    Promise.all([site("techdaily.example", "Tech Daily", "technology"), site("matchday.example", "Matchday", "sports"), site("free-prizes.example", "Free Prizes", "entertainment")]),
  );
  await story.on(day(-10), async () => {
    await services.sites.approve(techSite.id);
    await services.sites.approve(sportsSite.id);
    await services.sites.reject(spamSite.id, "Incentivized traffic is not allowed (see publisher requirements).");
  });
  // Submitted the other day, so it waits in the review queue.
  await story.on(day(HISTORY_DAYS - 3), () => site("newsroom.example", "The Newsroom", "news"));

  const zone = async (siteId: number, name: string, size: { width: number; height: number; position: "header" | "sidebar" | "footer" }) =>
    (await services.zones.create(publisher, { siteId, name, ...size }, TAG_ORIGIN)).zone;
  const [leaderboard, sidebar, footer] = await story.on(day(-9), async () => [
    await zone(techSite.id, "Homepage leaderboard", { width: 728, height: 90, position: "header" }),
    await zone(techSite.id, "Article sidebar", { width: 300, height: 250, position: "sidebar" }),
    await zone(sportsSite.id, "Scores footer", { width: 728, height: 90, position: "footer" }),
  ]);
  const localDemo = await story.on(day(-9), () => seedLocalDemo(services, dataSource, publisher, advertiser, appOrigin));

  const campaign = async (name: string, budget: number, targetCountries: string[]) =>
    (await services.campaigns.create(advertiser, { name, budget, cpm: DEMO_CPM_MICROS / 1_000_000, targetCountries })).campaign;
  const creative = (campaignId: number, name: string, file: string, width: number, height: number) =>
    services.creatives.create(advertiser, {
      campaignId,
      name,
      contentUrl: `${appOrigin}${DEMO_ADS_PATH}/${file}`,
      clickUrl: "https://example.com/shop",
      width,
      height,
    });
  const { spring, brand, retargeting, banner, flashy, basket } = await story.on(day(-6), async () => {
    const spring = await campaign("Spring Sale", 2500, ["United States", "Canada"]);
    const brand = await campaign("Brand Awareness", 1000, []);
    const retargeting = await campaign("Retargeting Q3", 800, ["US"]);
    return {
      spring,
      brand,
      retargeting,
      banner: await creative(spring.id, "Spring leaderboard", "spring-sale-728x90.svg", 728, 90),
      flashy: await creative(brand.id, "Flashing banner", "brand-awareness-728x90.svg", 728, 90),
      basket: await creative(retargeting.id, "Basket reminder", "retargeting-728x90.svg", 728, 90),
    };
  });
  await story.on(day(-5), async () => {
    for (const id of [spring.id, brand.id, retargeting.id]) await services.campaigns.approve(id);
    await services.creatives.approve(banner.id);
    await services.creatives.approve(basket.id);
    await services.creatives.reject(flashy.id, "Flashing animations are not allowed.");
    await services.campaigns.pause(advertiser, brand.id);
  });
  const casino = await story.on(day(HISTORY_DAYS - 12), () => campaign("Lucky Spins", 600, ["TR"]));
  await story.on(day(HISTORY_DAYS - 11), () => services.campaigns.reject(casino.id, "Gambling ads need a licence on file."));
  // Submitted the other day, so they wait in the review queue.
  await story.on(day(HISTORY_DAYS - 2), async () => {
    await campaign("New Product Launch", 5000, ["United Kingdom", "Germany", "France"]);
    await creative(spring.id, "Spring rectangle", "spring-sale-300x250.svg", 300, 250);
  });

  await story.on(day(-3), () => fundDemoAdvertiser(services, dataSource, advertiser, admin, day(-3)));
  await story.on(day(HISTORY_DAYS - 4), () => announceDeposit(dataSource, advertiser));

  // The campaigns approved before the history ran from its first day, so all their traffic is inside their flights.
  const campaigns = dataSource.getRepository(Campaign);
  const retargetingEnd = story.dayStart(RETARGETING_DAYS);
  await story.on(day(0), async () => {
    await campaigns.update(spring.id, { startDate: story.date(0) });
    await campaigns.update(brand.id, { startDate: story.date(0) });
    await campaigns.update(localDemo.campaignId, { startDate: story.date(0) });
  });
  // Retargeting Q3 spent its whole budget ($800 is 200,000 impressions at $4.00) and ended on its last day of traffic.
  // Completion is the delivery engine's move when a budget runs out; the demo shows its outcome.
  await story.on(new Date(retargetingEnd - 1), () =>
    campaigns.update(retargeting.id, { startDate: story.date(0), endDate: story.date(RETARGETING_DAYS - 1), status: CampaignStatus.COMPLETED }),
  );

  const placed = (zone: AdZone) => ({ zoneId: zone.id, siteId: zone.siteId, publisherId: publisher.id });
  const ad = (campaignId: number, creativeId: number) => ({ campaignId, creativeId, advertiserId: advertiser.id, cpmMicros: DEMO_CPM_MICROS, zoneIds: [leaderboard.id, footer.id] });
  await writeDemoTraffic(dataSource, {
    zones: [
      { ...placed(leaderboard), requestsPerDay: 6000, week: WEEKLY.workday },
      { ...placed(sidebar), requestsPerDay: 3500, week: WEEKLY.workday },
      { ...placed(footer), requestsPerDay: 4000, week: WEEKLY.leisure },
    ],
    campaigns: [
      { ...ad(spring.id, banner.id), countries: { US: 78, CA: 22 }, impressions: 375_000, clickRate: 0.009, conversionRate: 0.02, fromMs: story.dayStart(0), toMs: story.nowMs },
      { ...ad(retargeting.id, basket.id), countries: { US: 1 }, impressions: 200_000, clickRate: 0.0075, conversionRate: 0.027, fromMs: story.dayStart(0), toMs: retargetingEnd },
    ],
    countries: VISITOR_COUNTRIES,
    revenueShare: DEMO_REVENUE_SHARE,
    fromMs: story.dayStart(0),
    toMs: story.nowMs,
    seed: 34,
  });
  await story.on(day(-10), () => recordAdsTxtChecks(dataSource, [techSite, sportsSite], localDemo.site));
  await seedDemoPayouts(services, dataSource, story, publisher);
  return DEMO_LOGINS;
}

/**
 * The demo's calendar: the history's days counted from its first day of traffic (day 0; today is
 * day HISTORY_DAYS - 1, earlier preparations negative), and the steps of its story dated on them.
 */
class DemoStory {
  /** Rows stamped at or after this were written by the seed just now, not dated in the story yet (a minute's slack for second-precision columns). */
  private readonly writtenSince: Date;
  private readonly firstDayMs: number;

  constructor(
    private readonly dataSource: DataSource,
    readonly nowMs: number,
    historyDays: number,
  ) {
    const calendar = reportCalendar();
    this.firstDayMs = calendar.dateStart(calendar.dateOf(nowMs), -(historyDays - 1));
    this.writtenSince = new Date(nowMs - 60_000);
  }

  dayStart = (n: number): number => reportCalendar().dateStart(reportCalendar().dateOf(this.firstDayMs), n);

  /** Day `n` at 10:00 in the morning, in office hours; never later than now. */
  day = (n: number): Date => new Date(Math.min(this.dayStart(n) + 10 * HOUR_MS, this.nowMs));

  /** Day `n` as a calendar date, YYYY-MM-DD. */
  date = (n: number): string => reportCalendar().dateOf(this.dayStart(n));

  /**
   * Runs a step of the story, then dates what it wrote on `at`: the rows it created and those it
   * changed, its audit entries and the e-mails it sent, as if it had happened then. The ledger is
   * dated by its writers.
   */
  async on<T>(at: Date, step: () => Promise<T>): Promise<T> {
    const result = await step();
    for (const entity of [User, Site, AdZone, Campaign, Creative, DepositRequest, PayoutMethod, Payout]) {
      const rows = this.dataSource.getRepository<{ createdAt: Date; updatedAt: Date }>(entity);
      await rows.update({ createdAt: MoreThanOrEqual(this.writtenSince) }, { createdAt: at, updatedAt: at });
      await rows.update({ updatedAt: MoreThanOrEqual(this.writtenSince) }, { updatedAt: at });
    }
    for (const entity of [AuditEntry, MailMessage]) {
      await this.dataSource.getRepository<{ createdAt: Date }>(entity).update({ createdAt: MoreThanOrEqual(this.writtenSince) }, { createdAt: at });
    }
    return result;
  }
}

/**
 * The approved demo sites' ads.txt as a real network's would be: checked when approved, the line on
 * the two public sites, none on the developer's own localhost page. The demo domains are reserved
 * names (RFC 2606) no crawler can reach, so the seed records what the check finds on a site that
 * followed the instructions rather than a failure to fetch; the daily re-check leaves reserved names be.
 */
async function recordAdsTxtChecks(dataSource: DataSource, listing: Site[], unlisted: Site): Promise<void> {
  const sites = dataSource.getRepository(Site);
  const checkedAt = new Date();
  for (const site of listing) {
    await sites.update(site.id, { adsTxtStatus: AdsTxtStatus.FOUND, adsTxtReason: `listed in https://${site.domain}/ads.txt`, adsTxtCheckedAt: checkedAt });
  }
  await sites.update(unlisted.id, { adsTxtStatus: AdsTxtStatus.NO_FILE, adsTxtReason: `http://${unlisted.domain}/ads.txt: HTTP 404`, adsTxtCheckedAt: checkedAt });
}

/**
 * The demo publisher is paid monthly, Net-30, as the payouts service schedules it: each month of the
 * history whose earnings are payable by now was requested the day after it became so and paid three
 * days later, the last one still waiting for an admin's Mark Paid. Through the payouts service, on
 * its clock set to each day, so the books agree and date every entry on it.
 */
async function seedDemoPayouts(services: Services, dataSource: DataSource, story: DemoStory, publisher: User): Promise<void> {
  const on = (atMs: number) => new PayoutsService(dataSource, services.ledger, services.audit, false, undefined, () => atMs);
  const methodSetAt = story.day(20);
  await story.on(methodSetAt, () =>
    on(methodSetAt.getTime()).setMethod(publisher, { type: PayoutMethodType.BANK_TRANSFER, accountHolder: publisher.fullName, iban: "DE89370400440532013000", bic: "COBADEFFXXX" }),
  );
  const calendar = reportCalendar();
  const requestTimes: number[] = [];
  for (let month = calendar.monthStart(story.dayStart(0)); month < story.nowMs; month = calendar.monthStart(month, 1)) {
    const requestAt = payableFromMs(month) + DAY_MS + 10 * HOUR_MS;
    if (requestAt < story.nowMs) requestTimes.push(requestAt);
  }
  for (const [n, requestAt] of requestTimes.entries()) {
    if ((await on(requestAt).balance(publisher)).payableMicros < MINIMUM_PAYOUT_MICROS) continue;
    const payout = await story.on(new Date(requestAt), () => on(requestAt).request(publisher));
    const paidAt = requestAt + 3 * DAY_MS;
    if (n < requestTimes.length - 1 && paidAt < story.nowMs) {
      await story.on(new Date(paidAt), () => on(paidAt).markPaid(payout.id, { reference: `DEMO-TRANSFER-${String(n + 1).padStart(4, "0")}` }));
    }
  }
}

/**
 * The demo advertiser paid $5,000 in by bank transfer before the demo traffic spent from it: their
 * campaigns deliver, and the Billing tab and the Finance view have something to show.
 */
async function fundDemoAdvertiser(services: Services, dataSource: DataSource, advertiser: User, admin: User, paidAt: Date): Promise<void> {
  const requests = dataSource.getRepository(DepositRequest);
  const paid = await requests.save(
    requests.create({ advertiserId: advertiser.id, reference: newPaymentReference(), amountMicros: 5_000_000_000, status: DepositStatus.RECEIVED, receivedMicros: 5_000_000_000, receivedBy: admin.id, receivedAt: paidAt, createdAt: paidAt }),
  );
  await services.ledger.append([{ userId: advertiser.id, kind: LedgerKind.DEPOSIT, amountMicros: 5_000_000_000, actorId: admin.id, memo: `Bank transfer ${paid.reference}`, createdAt: paidAt }]);
}

/** A further $1,000 the advertiser announced the other day and the bank has not brought yet. */
async function announceDeposit(dataSource: DataSource, advertiser: User): Promise<void> {
  const requests = dataSource.getRepository(DepositRequest);
  await requests.save(requests.create({ advertiserId: advertiser.id, reference: newPaymentReference(), amountMicros: 1_000_000_000, status: DepositStatus.PENDING }));
}

/**
 * A site on `localhost` whose zone an untargeted campaign fills, so the demo tag counts on a
 * developer's own pages (on localhost and *.localhost) out of the box. Publishers may add
 * `localhost` only outside production, and a demo may be seeded anywhere, so the seed writes this site directly.
 */
async function seedLocalDemo(services: Services, dataSource: DataSource, publisher: User, advertiser: User, appOrigin: string): Promise<{ site: Site; campaignId: number }> {
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
  return { site: localSite, campaignId: campaign.id };
}
