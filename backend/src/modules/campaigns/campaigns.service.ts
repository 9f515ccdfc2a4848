import { DataSource, EntityManager, In, IsNull, LessThanOrEqual, MoreThanOrEqual, Not, Repository } from "typeorm";
import { type ListInputFields, listRequest, type Page, pageOf } from "../../common/list-page";
import { namesByIds } from "../../common/names";
import { Role } from "../../auth/roles";
import { ConflictError, NotFoundError, ValidationError } from "../../common/errors";
import { MAX_LENGTH } from "../../common/text-limits";
import { moveOnce } from "../../common/move-once";
import { rowLock } from "../../common/row-lock";
import { inTransaction } from "../../common/transaction";
import * as check from "../../common/validate";
import type { LedgerService } from "../ledger/ledger.service";
import type { EventTotals, ReportsService } from "../reports/reports.service";
import type { User } from "../users/user.entity";
import { Campaign, CampaignStatus, DeliveryTier } from "./campaign.entity";
import type { Sponsorship } from "./campaign-tiers";
import { allows, CAMPAIGN_ACTION_STATUSES, CAMPAIGN_MOVES, CampaignAction, CampaignMove, EDITABLE_STATUSES, fitsArchiving } from "./campaign-lifecycle";
import { pick } from "../../common/fields/field";
import { type CampaignFields, type CampaignSettings, changedSettings, checkSettings, needsConversions, readCampaignFields, REVIEWED_COLUMNS, SETTING_COLUMNS, settingsOf, today, withCampaignDefaults } from "./campaign-settings";
import { campaignChanges, type CampaignChange } from "./campaign-history";
import { copyCampaign } from "./campaign-copy";
import { dealTaken, takeDeal } from "./campaign-deals";
import { isUniqueViolation } from "../../common/db-errors";
import type { CampaignCreatives } from "./campaign-creatives";
import { roadblockNeedsSizes } from "./page-rules";
import { type PlaceNames, type TargetName, targetNamesOf } from "./targeted-places";
import { storedAudienceTargeting } from "../targeting/rules/audiences";

/** Which of these audiences the advertiser may target: the audiences module answers, wired in the composition root. */
export interface UsableAudiences {
  usableIds(advertiserId: number, ids: readonly number[]): Promise<Set<number>>;
}
import { advertiserAccounts } from "../funds/funds-totals";
import { deliveryIssue, waitsOnFunds } from "./delivery-issue";
import { requireVerifiedEmail } from "../email-links/verified-email";
import { NO_NOTIFICATIONS, NotificationKind, type Notify } from "../notifications/notification-kinds";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";

/** How recently an advertiser's pixel must have counted a conversion for a conversion goal: this month or the two before. */
const PIXEL_MONTHS = 2;

const NO_EVENTS: EventTotals = { requests: 0, filledRequests: 0, impressions: 0, clicks: 0, conversions: 0 };

export interface CampaignWithStats {
  campaign: Campaign;
  totals: EventTotals;
  spendMicros: number;
  /** Why an active campaign serves no ads; null when nothing stops it. */
  deliveryIssue: string | null;
  /** How many creatives it has in each review status (a status with none left out). */
  creativeCounts: Record<string, number>;
  /** The sites and zones its targeting lists, by name. */
  targetNames: TargetName[];
}

/** "A paused", "An active": a status as the start of a refusal. */
const aStatus = (status: CampaignStatus) => `${/^[aeiou]/.test(status) ? "An" : "A"} ${status}`;

const targetOf = (campaign: Campaign) => ({ type: "campaign", id: campaign.id, userId: campaign.advertiserId });

/** Advertisers' campaigns: their settings and changes to them, review by admins, pausing, copying, archiving, and their history. */
export class CampaignsService {
  private readonly campaigns: Repository<Campaign>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly reports: ReportsService,
    /** The smallest budget a campaign may have (MIN_CAMPAIGN_BUDGET). */
    readonly minBudgetMicros: number,
    private readonly audit: AuditService,
    private readonly creatives: CampaignCreatives,
    /** Tells the advertiser their campaign was approved or rejected. */
    private readonly notify: Notify = NO_NOTIFICATIONS,
    /** Names the sites and zones a campaign targets, for its card. */
    private readonly places?: PlaceNames,
    /** Which audiences an advertiser may target: their own, not deleted. */
    private readonly audiences?: UsableAudiences,
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

  /** Whether a conversion goal has a pixel to learn from: read only for the settings that need one. */
  private async pixelCounts(advertiserId: number, settings: CampaignSettings): Promise<boolean> {
    return !needsConversions(settings.bidStrategy) || this.reports.advertiserConverted(advertiserId, PIXEL_MONTHS);
  }

  /** A new campaign always starts pending review. */
  async create(advertiser: User, input: CampaignFields): Promise<CampaignWithStats> {
    const campaign = await inTransaction(this.dataSource, (manager) => this.createIn(manager, advertiser, advertiser.role, input));
    return (await this.withStats([campaign]))[0];
  }

  /**
   * A new pending campaign of the advertiser's, written in the caller's transaction with its audit
   * entry: for a booking, whose availability check and insertion order commit with it or not at all.
   * `setBy` is who sends the fields: an admin booking a tier for the advertiser, or the advertiser.
   */
  async createIn(manager: EntityManager, advertiser: User, setBy: Role, input: CampaignFields): Promise<Campaign> {
    requireVerifiedEmail(advertiser);
    const { settings: sent, bidField } = readCampaignFields(input, true, setBy);
    const settings = withCampaignDefaults(sent);
    const pixelCounts = await this.pixelCounts(advertiser.id, settings);
    const sponsorships = settings.deliveryTier === DeliveryTier.SPONSORSHIP ? await this.overlappingSponsorships(manager, 0, settings) : [];
    checkSettings(settings, new Set(SETTING_COLUMNS), { minBudgetMicros: this.minBudgetMicros, spendMicros: 0, served: false, pixelCounts, sponsorships }, { bidField, creating: true });
    await this.checkAudiences(advertiser.id, settings.audienceTargeting);
    if (settings.roadblockZones !== null) throw new ValidationError("roadblockZones", roadblockNeedsSizes(settings.roadblockZones));

    const campaigns = manager.getRepository(Campaign);
    const campaign = await campaigns.save(campaigns.create({ ...settings, advertiserId: advertiser.id, status: CampaignStatus.PENDING, rejectionReason: null }));
    await this.audit.record({ action: AuditAction.CAMPAIGN_CREATED, target: targetOf(campaign), after: { ...settings, status: campaign.status } }, manager);
    return campaign;
  }

  /**
   * Changes the fields sent and no other, whatever the campaign's status short of a final one. Most
   * fields apply live; a change of a reviewed one (REVIEWED_COLUMNS: the category) sends an approved
   * campaign back to review, so nothing the admins judged changes unseen. Every field is checked before anything is written. The row
   * is locked as it is read, and what changed is told from it, so of edits arriving at once each
   * starts from what the one before wrote: the history is a chain ending at the stored value, and
   * an edit that changes nothing (a repeat) writes nothing.
   */
  async update(actor: User, id: unknown, input: CampaignFields): Promise<CampaignWithStats> {
    const { id: campaignId } = await this.findManageable(actor, id);
    readCampaignFields(input, false, actor.role);
    await inTransaction(this.dataSource, (manager) => this.updateIn(manager, campaignId, actor.role, () => input));
    return this.withStatsById(campaignId);
  }

  /**
   * `update`'s change in the caller's transaction, with the fields worked out from the campaign as
   * its locked row stands (a make-good adds to the goal it finds), logged as `logged.action` with
   * `logged.noted` beside the fields changed.
   */
  async updateIn(
    manager: EntityManager,
    campaignId: number,
    /** Who sends the fields: a booked tier's fields are an admin's. */
    setBy: Role,
    inputOf: (campaign: Campaign) => CampaignFields,
    logged: { action: AuditAction; noted?: Record<string, unknown> } = { action: AuditAction.CAMPAIGN_UPDATED },
  ): Promise<void> {
    const campaigns = manager.getRepository(Campaign);
    const campaign = await campaigns.findOneOrFail({ where: { id: campaignId }, ...rowLock(manager) });
    this.requireAction(campaign, CampaignAction.EDIT, "edited");
    const { settings: sent, bidField } = readCampaignFields(inputOf(campaign), false, setBy);
    const before = settingsOf(campaign);
    const after: CampaignSettings = { ...before, ...sent };
    const changed = changedSettings(before, after);
    if (changed.size === 0) return;
    const [spend, totals] = await Promise.all([
      this.ledger.spendByCampaign([campaign.id]),
      this.reports.totalsByCampaign([{ id: campaign.id, ownerId: campaign.advertiserId }]),
    ]);
    const spendMicros = spend.get(campaign.id) ?? 0;
    const served = spendMicros > 0 || (totals.get(campaign.id)?.impressions ?? 0) > 0;
    const pixelCounts = await this.pixelCounts(campaign.advertiserId, after);
    const sponsorships = after.deliveryTier === DeliveryTier.SPONSORSHIP ? await this.overlappingSponsorships(manager, campaign.id, after) : [];
    checkSettings(after, changed, { minBudgetMicros: this.minBudgetMicros, spendMicros, served, pixelCounts, sponsorships }, { bidField, creating: false });
    if (changed.has("audienceTargeting")) await this.checkAudiences(campaign.advertiserId, after.audienceTargeting);
    if (changed.has("dealId") && after.dealId !== null) await takeDeal(manager, after.dealId, campaign.id);
    if (changed.has("roadblockZones") && after.roadblockZones !== null && (await this.creatives.sizeCount(campaign.id)) < after.roadblockZones) {
      throw new ValidationError("roadblockZones", roadblockNeedsSizes(after.roadblockZones));
    }

    const resubmits = allows("resubmit", campaign.status) && REVIEWED_COLUMNS.some((column) => changed.has(column));
    const status = resubmits ? { before: { status: campaign.status }, after: { status: CAMPAIGN_MOVES.resubmit.to } } : { before: {}, after: {} };
    // Conditional on a status that may still be edited (and, resubmitting, on the one read): the delivery writer may have completed it since it was read.
    const guard = { id: campaign.id, status: resubmits ? campaign.status : In([...CAMPAIGN_ACTION_STATUSES.edit]), archivedAt: IsNull() };
    await moveOnce(manager, Campaign, guard, { ...pick(after, changed), ...status.after }, async () => `${aStatus((await campaigns.findOneByOrFail({ id: campaign.id })).status)} campaign cannot be edited`).catch((error) => {
      throw isUniqueViolation(error) && after.dealId !== null ? dealTaken(after.dealId) : error;
    });
    await this.audit.record(
      { action: logged.action, target: targetOf(campaign), before: { ...pick(before, changed), ...status.before }, after: { ...pick(after, changed), ...status.after, ...logged.noted } },
      manager,
    );
  }

  /**
   * The other sponsorships that may still deliver in this flight, locked as they are read: the scan
   * also waits on a campaign another admin is booking as a sponsorship at that moment, and then
   * reads what it committed, so two bookings at once never both take the same inventory's last share.
   */
  private overlappingSponsorships(manager: EntityManager, id: number, flight: Pick<CampaignSettings, "startDate" | "endDate">): Promise<Sponsorship[]> {
    return manager.getRepository(Campaign).find({
      select: { id: true, name: true, sharePercent: true, startDate: true, endDate: true, targeting: true },
      where: { id: Not(id), deliveryTier: DeliveryTier.SPONSORSHIP, status: In([...EDITABLE_STATUSES]), archivedAt: IsNull(), startDate: LessThanOrEqual(flight.endDate), endDate: MoreThanOrEqual(flight.startDate) },
      ...rowLock(manager),
    });
  }

  /** An audience rule may name only the advertiser's own live audiences: any other could never match (or would reveal another's). */
  private async checkAudiences(advertiserId: number, audienceTargeting: string | null): Promise<void> {
    const rule = storedAudienceTargeting(audienceTargeting);
    if (!rule) return;
    const named = [...rule.include, ...rule.exclude];
    const usable = (await this.audiences?.usableIds(advertiserId, named)) ?? new Set<number>();
    const unusable = named.find((id) => !usable.has(id));
    if (unusable !== undefined) throw new ValidationError("audiences", `Audiences: audience ${unusable} is not one of your audiences, or it was deleted`);
  }

  /** A new pending campaign with the same settings and creatives (to be reviewed), named "… (copy)". */
  async duplicate(advertiser: User, id: unknown): Promise<CampaignWithStats> {
    requireVerifiedEmail(advertiser);
    const original = await this.findOwned(advertiser, id);
    const copy = await copyCampaign(this.campaigns.manager, original, this.creatives);
    await this.audit.record({
      action: AuditAction.CAMPAIGN_DUPLICATED,
      target: targetOf(copy),
      after: { ...settingsOf(copy), status: copy.status, copyOf: original.name },
    });
    return this.withStatsById(copy.id);
  }

  /** Out of the lists, never serving; its figures stay in reports and statements. */
  async archive(advertiser: User, id: unknown): Promise<CampaignWithStats> {
    const campaign = await this.findOwned(advertiser, id);
    this.requireAction(campaign, CampaignAction.ARCHIVE, "archived");
    await inTransaction(this.dataSource, async (manager) => {
      await moveOnce(manager, Campaign, { id: campaign.id, status: campaign.status, archivedAt: IsNull() }, { archivedAt: new Date() }, () => this.refusal(manager, campaign.id, "archived", CAMPAIGN_ACTION_STATUSES.archive));
      await this.audit.record({ action: AuditAction.CAMPAIGN_ARCHIVED, target: targetOf(campaign), before: { archived: false }, after: { archived: true } }, manager);
    });
    return this.withStatsById(campaign.id);
  }

  /** Back in the lists, in the status it was archived in. */
  async unarchive(advertiser: User, id: unknown): Promise<CampaignWithStats> {
    const campaign = await this.findOwned(advertiser, id);
    this.requireAction(campaign, CampaignAction.UNARCHIVE, "unarchived");
    await inTransaction(this.dataSource, async (manager) => {
      await moveOnce(manager, Campaign, { id: campaign.id, archivedAt: Not(IsNull()) }, { archivedAt: null }, "This campaign is not archived");
      await this.audit.record({ action: AuditAction.CAMPAIGN_UNARCHIVED, target: targetOf(campaign), before: { archived: true }, after: { archived: false } }, manager);
    });
    return this.withStatsById(campaign.id);
  }

  /** Who changed what and when, newest first, for the campaign's advertiser or an admin. */
  async history(actor: User, id: unknown): Promise<CampaignChange[]> {
    const campaign = await this.findManageable(actor, id);
    const entries = await this.audit.forTarget("campaign", campaign.id);
    return campaignChanges(entries, { isAdmin: actor.role === Role.ADMIN, advertiserId: campaign.advertiserId });
  }

  /** The advertiser's campaigns: the archived ones only, the others only, or (left out) all. */
  async listForAdvertiser(advertiser: User, archived?: boolean): Promise<CampaignWithStats[]> {
    const where = { advertiserId: advertiser.id, ...(archived === undefined ? {} : { archivedAt: archived ? Not(IsNull()) : IsNull() }) };
    return this.withStats(await this.campaigns.find({ where, order: { id: "DESC" } }));
  }

  /** How many of the advertiser's campaigns would deliver now if they had money to spend. */
  async countWaitingOnFunds(advertiser: User): Promise<number> {
    const active = await this.campaigns.findBy({ advertiserId: advertiser.id, status: CampaignStatus.ACTIVE });
    const approved = await this.creatives.approvedCounts(active.map((campaign) => campaign.id));
    const todayDate = today();
    return active.filter((campaign) => waitsOnFunds({ ...campaign, approvedCreatives: approved.get(campaign.id) ?? 0 }, todayDate)).length;
  }

  /**
   * What each of the advertiser's campaigns that may still deliver (in review, active or paused, not
   * archived) has left of its budget, newest first: what their funds are measured against.
   */
  async budgetsLeft(advertiser: User): Promise<{ id: number; name: string; budgetLeftMicros: number }[]> {
    const open = await this.campaigns.find({ where: { advertiserId: advertiser.id, status: In([...EDITABLE_STATUSES]), archivedAt: IsNull() }, order: { id: "DESC" } });
    const spend = await this.ledger.spendByCampaign(open.map((campaign) => campaign.id));
    return open.map((campaign) => ({ id: campaign.id, name: campaign.name, budgetLeftMicros: Math.max(0, campaign.budgetMicros - (spend.get(campaign.id) ?? 0)) }));
  }

  /** Every campaign, archived or not as asked, for the legacy REST list (spec section 7), which has no paging. */
  async listAll(archived: boolean): Promise<CampaignWithStats[]> {
    return this.withStats(await this.campaigns.find({ where: { archivedAt: archived ? Not(IsNull()) : IsNull() }, order: { id: "DESC" } }));
  }

  /** The admins' list: by name, by status, newest first; archived campaigns only when asked for, and then alone. */
  async page(input?: ListInputFields & { archived?: boolean }): Promise<Page<CampaignWithStats>> {
    const request = listRequest(input, Object.values(CampaignStatus));
    const query = this.campaigns.createQueryBuilder("campaign").where(input?.archived ? "campaign.archived_at IS NOT NULL" : "campaign.archived_at IS NULL");
    const page = await pageOf(query, request, { search: ["campaign.name"], status: "campaign.status", id: "campaign.id" });
    return { items: await this.withStats(page.items), totalCount: page.totalCount };
  }

  /**
   * Approval takes a pending campaign live; with `withPendingCreatives`, its pending creatives are
   * approved in the same transaction (each with its audit entry and webhook event), and the
   * advertiser gets one e-mail naming them all. Of identical calls at once, the campaign's
   * conditional move lets one through, so its creatives too are approved once.
   */
  async approve(id: unknown, withPendingCreatives?: unknown): Promise<CampaignWithStats> {
    const withCreatives = check.flag("withPendingCreatives", withPendingCreatives, false);
    return this.move(await this.findById(id), "approve", "approved", AuditAction.CAMPAIGN_APPROVED, {}, async (manager, campaign) => {
      const creatives = withCreatives ? await this.creatives.approvePending(manager, campaign) : [];
      const facts = { name: campaign.name, ...(creatives.length ? { creatives } : {}) };
      await this.notify(manager, campaign.advertiserId, NotificationKind.CAMPAIGN_APPROVED, facts, { about: { type: "campaign", id: campaign.id } });
    });
  }

  /** A campaign can be rejected in review, or stopped for good later on. */
  async reject(id: unknown, reasonInput: unknown): Promise<CampaignWithStats> {
    const reason = check.requiredText("reason", reasonInput, MAX_LENGTH.reason);
    const campaign = await this.findById(id);
    campaign.rejectionReason = reason;
    return this.move(campaign, "reject", "rejected", AuditAction.CAMPAIGN_REJECTED, { reason }, (manager, moved) =>
      this.notify(manager, moved.advertiserId, NotificationKind.CAMPAIGN_REJECTED, { name: moved.name, reason }, { about: { type: "campaign", id: moved.id } }),
    );
  }

  async pause(actor: User, id: unknown): Promise<CampaignWithStats> {
    return this.move(await this.findManageable(actor, id), "pause", "paused", AuditAction.CAMPAIGN_PAUSED);
  }

  async resume(actor: User, id: unknown): Promise<CampaignWithStats> {
    return this.move(await this.findManageable(actor, id), "resume", "resumed", AuditAction.CAMPAIGN_RESUMED);
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

  /** Refuses an action the campaign's status or archiving does not allow, in the words of the transitions table. */
  private requireAction(campaign: Campaign, action: CampaignAction, verb: string): void {
    if (!fitsArchiving(action, campaign.archivedAt !== null)) {
      throw new ConflictError(campaign.archivedAt ? `An archived campaign cannot be ${verb}: unarchive it first` : `This campaign is not archived`);
    }
    if (!CAMPAIGN_ACTION_STATUSES[action].includes(campaign.status)) {
      const hint = action === CampaignAction.ARCHIVE && campaign.status === CampaignStatus.ACTIVE ? ": pause it first" : "";
      throw new ConflictError(`${aStatus(campaign.status)} campaign cannot be ${verb}${hint}`);
    }
  }

  /** Moves the campaign's status with its audit entry and, given `tell`, the news of it, in one transaction. */
  private async move(
    campaign: Campaign,
    move: CampaignMove,
    verb: string,
    action: AuditAction,
    noted: Record<string, unknown> = {},
    tell?: (manager: EntityManager, campaign: Campaign) => Promise<void>,
  ): Promise<CampaignWithStats> {
    if (campaign.archivedAt) throw new ConflictError(`An archived campaign cannot be ${verb}: unarchive it first`);
    if (!allows(move, campaign.status)) {
      throw new ConflictError(`${aStatus(campaign.status)} campaign cannot be ${verb}`);
    }
    const { to } = CAMPAIGN_MOVES[move];
    const rejectionReason = to === CampaignStatus.REJECTED ? campaign.rejectionReason : null;
    await inTransaction(this.dataSource, async (manager) => {
      // From the status it was read in: the delivery writer may have completed the campaign since,
      // and a pause must not bring it back to life; of the same move sent twice, one is made.
      const guard = { id: campaign.id, status: campaign.status, archivedAt: IsNull() };
      await moveOnce(manager, Campaign, guard, { status: to, rejectionReason }, () => this.refusal(manager, campaign.id, verb, CAMPAIGN_MOVES[move].from));
      await this.audit.record({ action, target: targetOf(campaign), before: { status: campaign.status }, after: { status: to, ...noted } }, manager);
      await tell?.(manager, campaign);
    });
    return this.withStatsById(campaign.id);
  }

  /** Why a move lost to another change made meanwhile, in the words a refusal read beforehand would have used. */
  private async refusal(manager: EntityManager, id: number, verb: string, startsFrom: readonly CampaignStatus[]): Promise<string> {
    const current = await manager.getRepository(Campaign).findOneByOrFail({ id });
    if (current.archivedAt) return `An archived campaign cannot be ${verb}: unarchive it first`;
    if (startsFrom.includes(current.status)) return "This campaign changed meanwhile: reload it and try again";
    return `${aStatus(current.status)} campaign cannot be ${verb}`;
  }

  private async withStats(campaigns: Campaign[]): Promise<CampaignWithStats[]> {
    const ids = campaigns.map((campaign) => campaign.id);
    const activeAdvertisers = campaigns.filter((campaign) => campaign.status === CampaignStatus.ACTIVE).map((campaign) => campaign.advertiserId);
    const [totals, spend, creativeCounts, accounts, targetNames] = await Promise.all([
      this.reports.totalsByCampaign(campaigns.map((campaign) => ({ id: campaign.id, ownerId: campaign.advertiserId }))),
      this.ledger.spendByCampaign(ids),
      this.creatives.countsByStatus(ids),
      advertiserAccounts(this.campaigns.manager, activeAdvertisers),
      targetNamesOf(campaigns, this.places),
    ]);
    const todayDate = today();
    return campaigns.map((campaign) => {
      const account = accounts.get(campaign.advertiserId);
      const fundsAvailable = account ? account.spentMicros < account.allowanceMicros : undefined;
      return {
        campaign,
        totals: totals.get(campaign.id) ?? { ...NO_EVENTS },
        spendMicros: spend.get(campaign.id) ?? 0,
        deliveryIssue: deliveryIssue({ ...campaign, approvedCreatives: creativeCounts.get(campaign.id)?.approved ?? 0, fundsAvailable }, todayDate),
        creativeCounts: creativeCounts.get(campaign.id) ?? {},
        targetNames: targetNames.get(campaign.id) ?? [],
      };
    });
  }
}
