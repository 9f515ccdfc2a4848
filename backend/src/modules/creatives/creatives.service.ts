import { DataSource, EntityManager, In, Repository } from "typeorm";
import { type ListInputFields, listRequest, type Page, pageOf } from "../../common/list-page";
import { namesByIds } from "../../common/names";
import { ConflictError, NotFoundError, ValidationError } from "../../common/errors";
import { moveOnce } from "../../common/move-once";
import { markApproved, markRejected, reviewedMeanwhile } from "../../common/review";
import { MAX_LENGTH } from "../../common/text-limits";
import { inTransaction } from "../../common/transaction";
import * as check from "../../common/validate";
import { isFinal } from "../campaigns/campaign-lifecycle";
import type { Campaign } from "../campaigns/campaign.entity";
import type { CampaignsService } from "../campaigns/campaigns.service";
import type { User } from "../users/user.entity";
import { MAX_ZONE_PIXELS } from "../zones/zone-sizes";
import { NotificationKind, type Notify } from "../notifications/notification-kinds";
import { Creative, CREATIVE_TYPES, CreativeStatus } from "./creative.entity";
import { checkNativeImage, nativeFields } from "./native-fields";
import type { MediaService } from "../media/media.service";
import { hostedContent } from "./hosted-content";
import { CREATIVE_CONTENT_FIELDS, CREATIVE_DEFAULTS, MAX_VIDEO_SECONDS } from "./creative-fields";
import { reviewedColumnsOf } from "../../common/fields/field";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";

/** A creative with the campaign it belongs to, whose name every list shows beside it. */
export type CreativeWithCampaign = Creative & { campaign: Campaign };

/** A creative's fields as either door sends them, by the names of CREATIVE_CONTENT_FIELDS: unchecked. */
export type CreativeFields = Readonly<Record<string, unknown>>;

function videoDurationMs(type: string, seconds: unknown): number | null {
  if (seconds === undefined || seconds === null || seconds === "") return null;
  if (type !== "video") throw new ValidationError("durationSeconds", "Duration seconds: only a video has a duration");
  return check.integer("durationSeconds", seconds, 1, MAX_VIDEO_SECONDS) * 1000;
}

/** What every creative has, hosted or not. A native ad is a link in the page's own text: it has nowhere to go without its landing page. */
function labels(input: CreativeFields, native = false) {
  return {
    name: check.requiredText("name", input.name, MAX_LENGTH.name),
    clickUrl: check.isBlank(input.clickUrl) && !native ? null : check.httpUrl("clickUrl", input.clickUrl),
  };
}

/** A creative shown from the advertiser's own URL. */
function content(input: CreativeFields) {
  const type = check.oneOf("type", input.type, CREATIVE_TYPES, CREATIVE_DEFAULTS.type);
  const native = type === "native";
  const fields = {
    ...labels(input, native),
    type,
    contentUrl: check.httpUrl("contentUrl", input.contentUrl),
    mediaId: null,
    width: check.integer("width", input.width, 1, MAX_ZONE_PIXELS, CREATIVE_DEFAULTS.width),
    height: check.integer("height", input.height, 1, MAX_ZONE_PIXELS, CREATIVE_DEFAULTS.height),
    durationMs: videoDurationMs(type, input.durationSeconds),
    nativeFields: native ? nativeFields(input.native) : null,
  };
  if (native) checkNativeImage(fields.width, fields.height);
  return fields;
}

/** What an admin reviewed (the declared fields that send a creative back to review): a change to any needs approval again, a new name does not. */
const REVIEWED_COLUMNS = reviewedColumnsOf(CREATIVE_CONTENT_FIELDS);
const reviewedChange = (before: Creative, after: Partial<Creative>) => REVIEWED_COLUMNS.some((column) => JSON.stringify(before[column]) !== JSON.stringify(after[column] ?? null));

/** The most creatives one action approves: a review screen's page of them. */
export const MAX_APPROVED_AT_ONCE = 50;

/** Advertisers' creatives and their review: nothing serves before an admin approves it. */
export class CreativesService {
  private readonly creatives: Repository<Creative>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly campaigns: CampaignsService,
    private readonly audit: AuditService,
    /** Tells the advertiser their creative was approved or rejected. */
    private readonly notify: Notify,
    /** Hosted creatives' files: an advertiser may use only their own. */
    private readonly media: MediaService,
  ) {
    this.creatives = dataSource.getRepository(Creative);
  }

  /** What each of these is called in reports. */
  namesOf(ids: number[]): Promise<Map<number, string>> {
    return namesByIds(this.creatives, ids, (creative) => creative.name);
  }

  async create(advertiser: User, input: CreativeFields & { campaignId?: unknown }): Promise<CreativeWithCampaign> {
    const campaign = await this.campaigns.findOwned(advertiser, input.campaignId, "campaignId");
    if (campaign.archivedAt) throw new ConflictError("An archived campaign takes no new creatives: unarchive it first", "campaignId");
    if (isFinal(campaign.status)) {
      throw new ConflictError(`A ${campaign.status} campaign takes no new creatives`, "campaignId");
    }
    const creative = await this.creatives.save(
      this.creatives.create({ ...(await this.contentOf(advertiser, input)), campaignId: campaign.id, status: CreativeStatus.PENDING, rejectionReason: null }),
    );
    return Object.assign(creative, { campaign });
  }

  /** A changed creative goes back to review (spec: creative changes need re-approval). */
  async update(advertiser: User, id: unknown, input: CreativeFields): Promise<CreativeWithCampaign> {
    const creative = await this.findOwned(advertiser, id);
    const changed = await this.contentOf(advertiser, input);
    const needsReview = reviewedChange(creative, changed);
    Object.assign(creative, changed);
    if (needsReview) Object.assign(creative, { status: CreativeStatus.PENDING, rejectionReason: null });
    return this.creatives.save(creative);
  }

  /** The creatives of the advertiser's campaigns, except archived ones: those leave every list with their campaign. */
  async listForAdvertiser(advertiser: User): Promise<CreativeWithCampaign[]> {
    const campaignIds = (await this.campaigns.listForAdvertiser(advertiser, false)).map(({ campaign }) => campaign.id);
    if (campaignIds.length === 0) return [];
    return this.creatives.find({ where: { campaignId: In(campaignIds) }, relations: { campaign: true }, order: { id: "DESC" } }) as Promise<CreativeWithCampaign[]>;
  }

  /** The admins' list: by its own or its campaign's name, by status, newest first. */
  page(input?: ListInputFields): Promise<Page<CreativeWithCampaign>> {
    const request = listRequest(input, Object.values(CreativeStatus));
    const query = this.creatives.createQueryBuilder("creative").innerJoinAndSelect("creative.campaign", "campaign");
    return pageOf(query, request, { search: ["creative.name", "campaign.name"], status: "creative.status", id: "creative.id" }) as Promise<Page<CreativeWithCampaign>>;
  }

  async approve(id: unknown): Promise<CreativeWithCampaign> {
    const creative = await this.findById(id);
    const before = { status: creative.status };
    markApproved(creative, "creative");
    return this.review(creative, before.status, async (saved, manager) => {
      await this.audit.record({ action: AuditAction.CREATIVE_APPROVED, target: { type: "creative", id: creative.id, userId: creative.campaign.advertiserId }, before, after: { status: saved.status } }, manager);
      await this.notify(manager, creative.campaign.advertiserId, NotificationKind.CREATIVE_APPROVED, { name: creative.name, campaign: creative.campaign.name }, { about: { type: "creative", id: creative.id } });
    });
  }

  /**
   * One admin action approving several pending creatives: all or none, each with its audit entry
   * and webhook event, and one e-mail per campaign naming them all, not one e-mail each.
   */
  async approveMany(idsInput: unknown): Promise<CreativeWithCampaign[]> {
    if (!Array.isArray(idsInput) || idsInput.length === 0 || idsInput.length > MAX_APPROVED_AT_ONCE) {
      throw new ValidationError("ids", `Give between 1 and ${MAX_APPROVED_AT_ONCE} creatives to approve`);
    }
    const ids = [...new Set(idsInput.map((id) => check.positiveId("ids", id)))];
    const creatives = await Promise.all(ids.map((id) => this.findById(id)));
    return inTransaction(this.dataSource, async (manager) => {
      const approved: CreativeWithCampaign[] = [];
      for (const creative of creatives) {
        const from = creative.status;
        markApproved(creative, "creative");
        await moveOnce(manager, Creative, { id: creative.id, status: from }, { status: creative.status, rejectionReason: creative.rejectionReason }, reviewedMeanwhile("creative"));
        const target = { type: "creative", id: creative.id, userId: creative.campaign.advertiserId };
        await this.audit.record({ action: AuditAction.CREATIVE_APPROVED, target, before: { status: from }, after: { status: creative.status } }, manager);
        const facts = { name: creative.name, campaign: creative.campaign.name };
        await this.notify(manager, creative.campaign.advertiserId, NotificationKind.CREATIVE_APPROVED, facts, { about: { type: "creative", id: creative.id }, only: "webhook" });
        approved.push((await manager.getRepository(Creative).findOneOrFail({ where: { id: creative.id }, relations: { campaign: true } })) as CreativeWithCampaign);
      }
      const byCampaign = new Map<number, CreativeWithCampaign[]>();
      for (const creative of approved) byCampaign.set(creative.campaignId, [...(byCampaign.get(creative.campaignId) ?? []), creative]);
      for (const group of byCampaign.values()) {
        const [first] = group;
        const facts = { name: first.name, campaign: first.campaign.name, creatives: group.map((creative) => creative.name) };
        await this.notify(manager, first.campaign.advertiserId, NotificationKind.CREATIVE_APPROVED, facts, { only: "email" });
      }
      return approved;
    });
  }

  async reject(id: unknown, reason: unknown): Promise<CreativeWithCampaign> {
    const creative = await this.findById(id);
    const before = { status: creative.status };
    markRejected(creative, reason, "creative");
    return this.review(creative, before.status, async (saved, manager) => {
      const target = { type: "creative", id: creative.id, userId: creative.campaign.advertiserId };
      await this.audit.record({ action: AuditAction.CREATIVE_REJECTED, target, before, after: { status: saved.status, reason: saved.rejectionReason } }, manager);
      const facts = { name: creative.name, campaign: creative.campaign.name, reason: creative.rejectionReason };
      await this.notify(manager, creative.campaign.advertiserId, NotificationKind.CREATIVE_REJECTED, facts, { about: { type: "creative", id: creative.id } });
    });
  }

  /** Moves a reviewed creative on from the status it was read in, with its audit entry and the news of it, in one transaction (as a site's review). */
  private review(creative: CreativeWithCampaign, from: CreativeStatus, record: (saved: CreativeWithCampaign, manager: EntityManager) => Promise<void>): Promise<CreativeWithCampaign> {
    return inTransaction(this.dataSource, async (manager) => {
      const { status, rejectionReason } = creative;
      await moveOnce(manager, Creative, { id: creative.id, status: from }, { status, rejectionReason }, reviewedMeanwhile("creative"));
      const saved = (await manager.getRepository(Creative).findOneOrFail({ where: { id: creative.id }, relations: { campaign: true } })) as CreativeWithCampaign;
      await record(saved, manager);
      return saved;
    });
  }

  /** A URL creative's fields, or a hosted one's: exactly one of contentUrl and mediaId. */
  private async contentOf(advertiser: User, input: CreativeFields) {
    if (check.isBlank(input.mediaId)) return content(input);
    if (!check.isBlank(input.contentUrl)) throw new ValidationError("mediaId", "Give either a content URL or an uploaded file (mediaId), not both");
    const fields = labels(input);
    return { ...fields, ...hostedContent(await this.media.findOwned(advertiser, input.mediaId), input), durationMs: null, nativeFields: null };
  }

  countByStatus(status: CreativeStatus): Promise<number> {
    return this.creatives.countBy({ status });
  }

  private async findOwned(advertiser: User, id: unknown): Promise<CreativeWithCampaign> {
    const creative = await this.findById(id);
    await this.campaigns.findOwned(advertiser, creative.campaignId).catch(() => {
      throw new NotFoundError("Creative");
    });
    return creative;
  }

  private async findById(id: unknown): Promise<CreativeWithCampaign> {
    const creative = await this.creatives.findOne({ where: { id: check.positiveId("id", id) }, relations: { campaign: true } });
    if (!creative) throw new NotFoundError("Creative");
    return creative as CreativeWithCampaign;
  }
}
