import { CampaignStatus } from "../campaigns/campaign.entity";
import type { CampaignsService } from "../campaigns/campaigns.service";
import { CreativeStatus } from "../creatives/creative.entity";
import type { CreativesService } from "../creatives/creatives.service";
import { LedgerKind } from "../ledger/ledger-entry.entity";
import type { LedgerService } from "../ledger/ledger.service";
import { DepositStatus } from "../funds/deposit-request.entity";
import type { FundsService } from "../funds/funds.service";
import { PayoutStatus } from "../payouts/payout.entity";
import type { PayoutsService } from "../payouts/payouts.service";
import { SiteStatus } from "../sites/site.entity";
import type { SitesService } from "../sites/sites.service";
import type { User } from "../users/user.entity";
import type { UsersService } from "../users/users.service";
import { ByPeriod, monthToDate, percentChange, pointsChange, Ratio } from "../reports/month-over-month";
import { clickThroughRate, EventTotals, fillRate, ReportsService } from "../reports/reports.service";

/** A figure's change month over month: percent for counts and money, points for rates. */
type Change = number | null;

interface TrafficChange {
  impressions: Change;
  clicks: Change;
  ctr: Change;
}

/** Every figure is this month so far; `monthOverMonth` sets it against the same stretch of last month. */
export interface PublisherStats {
  totals: EventTotals;
  ctr: number;
  fillRate: number;
  revenueMicros: number;
  monthOverMonth: TrafficChange & { revenue: Change; fillRate: Change };
}

export interface AdvertiserStats {
  totals: EventTotals;
  ctr: number;
  spendMicros: number;
  monthOverMonth: TrafficChange & { spend: Change; conversions: Change };
}

export interface AdminStats {
  totalUsers: number;
  pendingSites: number;
  pendingCampaigns: number;
  pendingCreatives: number;
  activeCampaigns: number;
  requestedPayouts: number;
  /** Deposit requests whose bank transfer an admin has yet to record: work on the Money tabs, as payouts are. */
  awaitedTransfers: number;
  monthlyRevenueMicros: number;
  monthlyRevenueChange: Change;
}

const clicksOverImpressions = (totals: EventTotals): Ratio => ({ part: totals.clicks, whole: totals.impressions });
const filledOverRequests = (totals: EventTotals): Ratio => ({ part: totals.filledRequests, whole: totals.requests });

function trafficChange({ thisMonth, lastMonth }: ByPeriod<EventTotals>): TrafficChange {
  return {
    impressions: percentChange(thisMonth.impressions, lastMonth.impressions),
    clicks: percentChange(thisMonth.clicks, lastMonth.clicks),
    ctr: pointsChange(clicksOverImpressions(thisMonth), clicksOverImpressions(lastMonth)),
  };
}

/**
 * The figures on the three dashboards' stat cards, from counted events and the ledger: this month
 * so far, as the cards say, never all time. `now` ends "this month so far"; tests pin it to a
 * calendar edge.
 */
export class DashboardsService {
  constructor(
    private readonly reports: ReportsService,
    private readonly ledger: LedgerService,
    private readonly domains: {
      users: UsersService;
      sites: SitesService;
      campaigns: CampaignsService;
      creatives: CreativesService;
      payouts: PayoutsService;
      funds: FundsService;
    },
  ) {}

  async forPublisher(publisher: User, now = new Date()): Promise<PublisherStats> {
    const months = monthToDate(now);
    const [events, revenue] = await Promise.all([
      this.reports.publisherTotals(publisher.id, months),
      this.ledger.totalsByPeriod(LedgerKind.EARNING, months, publisher.id),
    ]);
    const totals = events.thisMonth;
    return {
      totals,
      ctr: clickThroughRate(totals.clicks, totals.impressions),
      fillRate: fillRate(totals.filledRequests, totals.requests),
      revenueMicros: revenue.thisMonth,
      monthOverMonth: {
        ...trafficChange(events),
        revenue: percentChange(revenue.thisMonth, revenue.lastMonth),
        fillRate: pointsChange(filledOverRequests(events.thisMonth), filledOverRequests(events.lastMonth)),
      },
    };
  }

  async forAdvertiser(advertiser: User, now = new Date()): Promise<AdvertiserStats> {
    const months = monthToDate(now);
    const [events, spend] = await Promise.all([
      this.reports.advertiserTotals(advertiser.id, months),
      this.ledger.totalsByPeriod(LedgerKind.SPEND, months, advertiser.id),
    ]);
    const totals = events.thisMonth;
    return {
      totals,
      ctr: clickThroughRate(totals.clicks, totals.impressions),
      spendMicros: spend.thisMonth,
      monthOverMonth: {
        ...trafficChange(events),
        spend: percentChange(spend.thisMonth, spend.lastMonth),
        conversions: percentChange(events.thisMonth.conversions, events.lastMonth.conversions),
      },
    };
  }

  /** Monthly revenue is what advertisers spent this calendar month of the reporting calendar: the network's gross. */
  async forAdmin(now = new Date()): Promise<AdminStats> {
    const { users, sites, campaigns, creatives, payouts, funds } = this.domains;
    const [totalUsers, pendingSites, pendingCampaigns, pendingCreatives, activeCampaigns, requestedPayouts, awaitedTransfers, spend] = await Promise.all([
      users.count(),
      sites.countByStatus(SiteStatus.PENDING),
      campaigns.countByStatus(CampaignStatus.PENDING),
      creatives.countByStatus(CreativeStatus.PENDING),
      campaigns.countByStatus(CampaignStatus.ACTIVE),
      payouts.countByStatus(PayoutStatus.REQUESTED),
      funds.countByStatus(DepositStatus.PENDING),
      this.ledger.totalsByPeriod(LedgerKind.SPEND, monthToDate(now)),
    ]);
    return {
      totalUsers,
      pendingSites,
      pendingCampaigns,
      pendingCreatives,
      activeCampaigns,
      requestedPayouts,
      awaitedTransfers,
      monthlyRevenueMicros: spend.thisMonth,
      monthlyRevenueChange: percentChange(spend.thisMonth, spend.lastMonth),
    };
  }
}
