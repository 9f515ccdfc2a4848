import { CampaignStatus } from "../campaigns/campaign.entity";
import type { CampaignsService } from "../campaigns/campaigns.service";
import { CreativeStatus } from "../creatives/creative.entity";
import type { CreativesService } from "../creatives/creatives.service";
import { LedgerKind } from "../ledger/ledger-entry.entity";
import type { LedgerService } from "../ledger/ledger.service";
import { PayoutStatus } from "../payouts/payout.entity";
import type { PayoutsService } from "../payouts/payouts.service";
import { SiteStatus } from "../sites/site.entity";
import type { SitesService } from "../sites/sites.service";
import type { User } from "../users/user.entity";
import type { UsersService } from "../users/users.service";
import { clickThroughRate, EventTotals, fillRate, ReportsService, startOfMonthUtc } from "./reports.service";

export interface PublisherStats {
  totals: EventTotals;
  ctr: number;
  fillRate: number;
  revenueMicros: number;
}

export interface AdvertiserStats {
  totals: EventTotals;
  ctr: number;
  spendMicros: number;
}

export interface AdminStats {
  totalUsers: number;
  pendingSites: number;
  pendingCampaigns: number;
  pendingCreatives: number;
  activeCampaigns: number;
  requestedPayouts: number;
  monthlyRevenueMicros: number;
}

/** The figures on the three dashboards' stat cards, from counted events and the ledger. */
export class StatsService {
  constructor(
    private readonly reports: ReportsService,
    private readonly ledger: LedgerService,
    private readonly domains: {
      users: UsersService;
      sites: SitesService;
      campaigns: CampaignsService;
      creatives: CreativesService;
      payouts: PayoutsService;
    },
  ) {}

  async forPublisher(publisher: User): Promise<PublisherStats> {
    const [totals, revenueMicros] = await Promise.all([
      this.reports.publisherTotals(publisher.id),
      this.ledger.totalOf(publisher.id, LedgerKind.EARNING),
    ]);
    return { totals, ctr: clickThroughRate(totals.clicks, totals.impressions), fillRate: fillRate(totals.filledRequests, totals.requests), revenueMicros };
  }

  async forAdvertiser(advertiser: User): Promise<AdvertiserStats> {
    const [totals, spendMicros] = await Promise.all([
      this.reports.advertiserTotals(advertiser.id),
      this.ledger.totalOf(advertiser.id, LedgerKind.SPEND),
    ]);
    return { totals, ctr: clickThroughRate(totals.clicks, totals.impressions), spendMicros };
  }

  /** Monthly revenue is what advertisers spent this calendar month (UTC): the network's gross. */
  async forAdmin(): Promise<AdminStats> {
    const { users, sites, campaigns, creatives, payouts } = this.domains;
    const [totalUsers, pendingSites, pendingCampaigns, pendingCreatives, activeCampaigns, requestedPayouts, monthlyRevenueMicros] =
      await Promise.all([
        users.count(),
        sites.countByStatus(SiteStatus.PENDING),
        campaigns.countByStatus(CampaignStatus.PENDING),
        creatives.countByStatus(CreativeStatus.PENDING),
        campaigns.countByStatus(CampaignStatus.ACTIVE),
        payouts.countByStatus(PayoutStatus.REQUESTED),
        this.ledger.spendSince(startOfMonthUtc()),
      ]);
    return { totalUsers, pendingSites, pendingCampaigns, pendingCreatives, activeCampaigns, requestedPayouts, monthlyRevenueMicros };
  }
}
