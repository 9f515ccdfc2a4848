import { DataSource, In, Repository } from "typeorm";
import { type ListInputFields, listRequest, type Page, pageOf } from "../../common/list-page";
import { namesByIds } from "../../common/names";
import { Role } from "../../auth/roles";
import { ConflictError, NotFoundError, ValidationError } from "../../common/errors";
import { microsToDollars } from "../../common/money";
import { MAX_LENGTH } from "../../common/text-limits";
import * as check from "../../common/validate";
import type { LedgerService } from "../ledger/ledger.service";
import type { EventTotals, ReportsService } from "../reports/reports.service";
import type { User } from "../users/user.entity";
import { Campaign, CampaignStatus } from "./campaign.entity";
import { allows, CAMPAIGN_MOVES, CampaignMove } from "./campaign-lifecycle";
import { parseTargetCountries } from "./countries";
import { parseTargeting, targetingText } from "../targeting/targeting-rules";
import { reportCalendar } from "../reports/grains";
import { advertiserAccounts } from "../funds/funds-totals";
import { deliveryIssue, waitsOnFunds } from "./delivery-issue";
import { requireVerifiedEmail } from "../email-links/verified-email";
import { NO_NOTIFICATIONS, NotificationKind, type Notify } from "../notifications/notification-kinds";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";

/** The spec's default flight: 30 days from the start date. */
export const DEFAULT_FLIGHT_DAYS = 30;

const NO_EVENTS: EventTotals = { requests: 0, filledRequests: 0, impressions: 0, clicks: 0, conversions: 0 };

export interface CampaignWithStats {
  campaign: Campaign;
  totals: EventTotals;
  spendMicros: number;
  /** Why an active campaign serves no ads; null when nothing stops it. */
  deliveryIssue: string | null;
}

export interface CreateCampaignFields {
  name?: unknown;
  budget?: unknown;
  cpm?: unknown;
  targetCountries?: unknown;
  targeting?: unknown;
  startDate?: unknown;
  endDate?: unknown;
}

/** "$500", "$0.01", "$1,000": an amount as a form shows it. */
const dollarText = (micros: number) => `$${microsToDollars(micros).toLocaleString("en-US", { maximumFractionDigits: 2 })}`;

/** Flights are dates of the reporting calendar, as the ad server reads them. */
const today = () => reportCalendar().dateOf(Date.now());

function addDays(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

/** No display inventory sells above this; a higher bid is a typing slip that would drain a budget. */
export const MAX_CPM_MICROS = 1_000 * 1_000_000;
/** A cent: a positive CPM too small to survive rounding to micros would serve for free. */
export const MIN_CPM_MICROS = 10_000;

/** How many approved creatives each campaign has: the creatives module answers, wired in the composition root. */
export type ApprovedCreativeCounts = (campaignIds: number[]) => Promise<Map<number, number>>;

/** Advertisers' campaigns, their review by admins, and pausing and resuming. */
export class CampaignsService {
  private readonly campaigns: Repository<Campaign>;

  constructor(
    dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly reports: ReportsService,
    /** The smallest budget a campaign may have (MIN_CAMPAIGN_BUDGET). */
    readonly minBudgetMicros: number,
    private readonly audit: AuditService,
    private readonly approvedCreatives: ApprovedCreativeCounts,
    /** Tells the advertiser their campaign was approved or rejected. */
    private readonly notify: Notify = NO_NOTIFICATIONS,
  ) {
    this.campaigns = dataSource.getRepository(Campaign);
  }

  /** The advertisers with a campaign running now. */
  async runningAdvertisers(): Promise<number[]> {
    const rows: { advertiserId: number | string }[] = await this.campaigns
      .createQueryBuilder("c")
      .select("DISTINCT c.advertiser_id", "advertiserId")
      .where("c.status = :active", { active: CampaignStatus.ACTIVE })
      .getRawMany();
    return rows.map((row) => Number(row.advertiserId));
  }

  /** What each of these is called in reports. */
  namesOf(ids: number[]): Promise<Map<number, string>> {
    return namesByIds(this.campaigns, ids, (campaign) => campaign.name);
  }

  /** A new campaign always starts pending review. */
  async create(advertiser: User, input: CreateCampaignFields): Promise<CampaignWithStats> {
    requireVerifiedEmail(advertiser);
    const name = check.requiredText("name", input.name, MAX_LENGTH.name);
    const budgetMicros = check.dollars("budget", input.budget);
    if (budgetMicros < this.minBudgetMicros) {
      throw new ValidationError("budget", `Budget must be at least ${dollarText(this.minBudgetMicros)}`);
    }
    const cpmMicros = check.dollars("cpm", input.cpm);
    if (cpmMicros < MIN_CPM_MICROS) throw new ValidationError("cpm", `CPM must be at least ${dollarText(MIN_CPM_MICROS)}`);
    if (cpmMicros > MAX_CPM_MICROS) throw new ValidationError("cpm", `CPM can be at most ${dollarText(MAX_CPM_MICROS)}`);
    const targetCountries = parseTargetCountries(input.targetCountries);
    const targeting = targetingText(parseTargeting(input.targeting));
    const startDate = check.calendarDate("startDate", input.startDate, today());
    const endDate = check.calendarDate("endDate", input.endDate, addDays(startDate, DEFAULT_FLIGHT_DAYS));
    if (endDate < startDate) throw new ValidationError("endDate", "The end date can't be before the start date");
    if (endDate < today()) throw new ValidationError("endDate", "The end date has already passed: pick today or a later day");

    const campaign = await this.campaigns.save(
      this.campaigns.create({
        advertiserId: advertiser.id,
        name,
        budgetMicros,
        bidMicros: cpmMicros,
        targetCountries,
        targeting,
        startDate,
        endDate,
        status: CampaignStatus.PENDING,
        rejectionReason: null,
      }),
    );
    return { campaign, totals: { ...NO_EVENTS }, spendMicros: 0, deliveryIssue: null };
  }

  async listForAdvertiser(advertiser: User): Promise<CampaignWithStats[]> {
    return this.withStats(await this.campaigns.find({ where: { advertiserId: advertiser.id }, order: { id: "DESC" } }));
  }

  /** How many of the advertiser's campaigns would deliver now if they had money to spend. */
  async countWaitingOnFunds(advertiser: User): Promise<number> {
    const active = await this.campaigns.findBy({ advertiserId: advertiser.id, status: CampaignStatus.ACTIVE });
    const approved = await this.approvedCreatives(active.map((campaign) => campaign.id));
    const todayDate = today();
    return active.filter((campaign) => waitsOnFunds({ ...campaign, approvedCreatives: approved.get(campaign.id) ?? 0 }, todayDate)).length;
  }

  /** Every campaign, for the legacy REST list (spec section 7), which has no paging. */
  async listAll(): Promise<CampaignWithStats[]> {
    return this.withStats(await this.campaigns.find({ order: { id: "DESC" } }));
  }

  /** The admins' list: by name, by status, newest first. */
  async page(input?: ListInputFields): Promise<Page<CampaignWithStats>> {
    const request = listRequest(input, Object.values(CampaignStatus));
    const page = await pageOf(this.campaigns.createQueryBuilder("campaign"), request, { search: ["campaign.name"], status: "campaign.status", id: "campaign.id" });
    return { items: await this.withStats(page.items), totalCount: page.totalCount };
  }

  /** Approval takes a pending campaign live. */
  async approve(id: unknown): Promise<CampaignWithStats> {
    const campaign = await this.findById(id);
    const before = { status: campaign.status };
    const moved = await this.move(campaign, "approve", "approved");
    await this.audit.record({ action: AuditAction.CAMPAIGN_APPROVED, target: { type: "campaign", id: campaign.id, userId: campaign.advertiserId }, before, after: { status: moved.campaign.status } });
    await this.notify(moved.campaign.advertiserId, NotificationKind.CAMPAIGN_APPROVED, { name: moved.campaign.name });
    return moved;
  }

  /** A campaign can be rejected in review, or stopped for good later on. */
  async reject(id: unknown, reasonInput: unknown): Promise<CampaignWithStats> {
    const reason = check.requiredText("reason", reasonInput, MAX_LENGTH.reason);
    const campaign = await this.findById(id);
    const before = { status: campaign.status };
    campaign.rejectionReason = reason;
    const moved = await this.move(campaign, "reject", "rejected");
    await this.audit.record({ action: AuditAction.CAMPAIGN_REJECTED, target: { type: "campaign", id: campaign.id, userId: campaign.advertiserId }, before, after: { status: moved.campaign.status, reason } });
    await this.notify(moved.campaign.advertiserId, NotificationKind.CAMPAIGN_REJECTED, { name: moved.campaign.name, reason });
    return moved;
  }

  async pause(actor: User, id: unknown): Promise<CampaignWithStats> {
    return this.move(await this.findManageable(actor, id), "pause", "paused");
  }

  async resume(actor: User, id: unknown): Promise<CampaignWithStats> {
    return this.move(await this.findManageable(actor, id), "resume", "resumed");
  }

  /** The advertiser's own campaign, or NOT_FOUND: another advertiser's campaign is never revealed. */
  async findOwned(advertiser: User, id: unknown, field = "id"): Promise<Campaign> {
    const campaign = await this.campaigns.findOneBy({ id: check.positiveId(field, id), advertiserId: advertiser.id });
    if (!campaign) throw new NotFoundError("Campaign");
    return campaign;
  }

  async findById(id: unknown, field = "id"): Promise<Campaign> {
    const campaign = await this.campaigns.findOneBy({ id: check.positiveId(field, id) });
    if (!campaign) throw new NotFoundError("Campaign");
    return campaign;
  }

  countByStatus(status: CampaignStatus): Promise<number> {
    return this.campaigns.countBy({ status });
  }

  /** Who owns each of these campaigns, in one query whatever their number. */
  async advertiserIdsOf(campaignIds: number[]): Promise<Map<number, number>> {
    if (campaignIds.length === 0) return new Map();
    const campaigns = await this.campaigns.find({ select: { id: true, advertiserId: true }, where: { id: In(campaignIds) } });
    return new Map(campaigns.map((campaign) => [campaign.id, campaign.advertiserId]));
  }

  /** One campaign as its lists show it: what a changed creative's answer carries. */
  async withStatsById(id: number): Promise<CampaignWithStats> {
    return (await this.withStats([await this.findById(id)]))[0];
  }

  /** Admins manage every campaign; advertisers only their own. */
  private findManageable(actor: User, id: unknown): Promise<Campaign> {
    return actor.role === Role.ADMIN ? this.findById(id) : this.findOwned(actor, id);
  }

  private async move(campaign: Campaign, move: CampaignMove, verb: string): Promise<CampaignWithStats> {
    if (!allows(move, campaign.status)) {
      throw new ConflictError(`A ${campaign.status} campaign cannot be ${verb}`);
    }
    const { from, to } = CAMPAIGN_MOVES[move];
    const rejectionReason = to === CampaignStatus.REJECTED ? campaign.rejectionReason : null;
    // Conditional on the status still being one the move starts from: the delivery writer may have
    // completed the campaign since it was read, and a pause must not bring it back to life.
    const { affected } = await this.campaigns.update({ id: campaign.id, status: In([...from]) }, { status: to, rejectionReason });
    if (!affected) {
      const current = await this.findById(campaign.id);
      throw new ConflictError(`A ${current.status} campaign cannot be ${verb}`);
    }
    return this.withStatsById(campaign.id);
  }

  private async withStats(campaigns: Campaign[]): Promise<CampaignWithStats[]> {
    const ids = campaigns.map((campaign) => campaign.id);
    const activeIds = campaigns.filter((campaign) => campaign.status === CampaignStatus.ACTIVE).map((campaign) => campaign.id);
    const activeAdvertisers = campaigns.filter((campaign) => campaign.status === CampaignStatus.ACTIVE).map((campaign) => campaign.advertiserId);
    const [totals, spend, approved, accounts] = await Promise.all([
      this.reports.totalsByCampaign(campaigns.map((campaign) => ({ id: campaign.id, ownerId: campaign.advertiserId }))),
      this.ledger.spendByCampaign(ids),
      this.approvedCreatives(activeIds),
      advertiserAccounts(this.campaigns.manager, activeAdvertisers),
    ]);
    const todayDate = today();
    return campaigns.map((campaign) => {
      const account = accounts.get(campaign.advertiserId);
      const fundsAvailable = account ? account.spentMicros < account.allowanceMicros : undefined;
      return {
        campaign,
        totals: totals.get(campaign.id) ?? { ...NO_EVENTS },
        spendMicros: spend.get(campaign.id) ?? 0,
        deliveryIssue: deliveryIssue({ ...campaign, approvedCreatives: approved.get(campaign.id) ?? 0, fundsAvailable }, todayDate),
      };
    });
  }
}
