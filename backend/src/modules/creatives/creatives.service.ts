import { DataSource, EntityManager, In, IsNull, Repository, type SelectQueryBuilder } from "typeorm";
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
import { Creative, CREATIVE_TYPES, CreativeStatus, type CreativeType } from "./creative.entity";
import { checkNativeImage, type NativeFields, nativeFields } from "./native-fields";
import { mediaPathOf, type MediaService } from "../media/media.service";
import type { MediaFile } from "../media/media-file.entity";
import { hostedContent } from "./hosted-content";
import { COPIED_STATUSES } from "./campaign-creatives";
import { CREATIVE_CONTENT_FIELDS, CREATIVE_DEFAULTS, EXPANDABLE_TYPES, MAX_EXPANSION_FACTOR, MAX_VIDEO_SECONDS } from "./creative-fields";
import { reviewedColumnsOf } from "../../common/fields/field";
import { AuditAction } from "../audit/audit-actions";
import { approveWithRecord } from "./creative-approval";
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

const SKIP_AFTER = CREATIVE_CONTENT_FIELDS.find((field) => field.name === "skipAfterSeconds")!;

/** A video may let its viewer skip it, after fewer seconds than it plays: a later offer would never come. */
function skipAfterOf(content: { type: string; durationMs: number | null }, seconds: unknown): number | null {
  if (check.isBlank(seconds)) return null;
  if (content.type !== "video") throw new ValidationError(SKIP_AFTER.name, "Skippable after: only a video can be skipped");
  const skipAfter = SKIP_AFTER.kind.read(SKIP_AFTER.name, seconds) as number;
  if (content.durationMs !== null && skipAfter * 1000 >= content.durationMs) {
    throw new ValidationError(SKIP_AFTER.name, `Skippable after must be shorter than the video, which plays ${content.durationMs / 1000} seconds`);
  }
  return skipAfter;
}

const EXPANDED = {
  width: CREATIVE_CONTENT_FIELDS.find((field) => field.name === "expandedWidth")!,
  height: CREATIVE_CONTENT_FIELDS.find((field) => field.name === "expandedHeight")!,
};

/**
 * The size an expandable banner opens to: both sides or neither, for an image or HTML banner only,
 * each side from its own to MAX_EXPANSION_FACTOR times it, and larger than it on one side at least.
 */
function expandedSizeOf(content: { type: string; width: number; height: number }, input: CreativeFields): { expandedWidth: number | null; expandedHeight: number | null } {
  const sent = { width: input[EXPANDED.width.name], height: input[EXPANDED.height.name] };
  if (check.isBlank(sent.width) && check.isBlank(sent.height)) return { expandedWidth: null, expandedHeight: null };
  if (!EXPANDABLE_TYPES.includes(content.type as CreativeType)) throw new ValidationError(EXPANDED.width.name, "Expanded size: only an image or HTML banner can expand");
  const size = { width: 0, height: 0 };
  for (const side of ["width", "height"] as const) {
    const field = EXPANDED[side];
    if (check.isBlank(sent[side])) throw new ValidationError(field.name, `${field.label} is required with an expanded ${side === "width" ? "height" : "width"}`);
    size[side] = field.kind.read(field.name, sent[side]) as number;
    const own = content[side];
    if (size[side] < own || size[side] > own * MAX_EXPANSION_FACTOR) {
      throw new ValidationError(field.name, `${field.label} must be from the banner's own ${side} (${own}) to ${MAX_EXPANSION_FACTOR} times it (${own * MAX_EXPANSION_FACTOR})`);
    }
  }
  if (size.width === content.width && size.height === content.height) throw new ValidationError(EXPANDED.width.name, `Expanded size must be larger than the banner's own ${content.width}×${content.height}`);
  return { expandedWidth: size.width, expandedHeight: size.height };
}

/** A native ad is a link in the page's own text: it has nowhere to go without its landing page. */
const clickUrlOf = (input: CreativeFields, native: boolean) => (check.isBlank(input.clickUrl) && !native ? null : check.httpUrl("clickUrl", input.clickUrl));

/** A creative shown from the advertiser's own URL, its type and size as they declare them. */
function urlContent(input: CreativeFields) {
  const type = check.oneOf("type", input.type, CREATIVE_TYPES, CREATIVE_DEFAULTS.type);
  return {
    type,
    contentUrl: check.pictureAddress("contentUrl", input.contentUrl),
    mediaId: null,
    width: check.integer("width", input.width, 1, MAX_ZONE_PIXELS, CREATIVE_DEFAULTS.width),
    height: check.integer("height", input.height, 1, MAX_ZONE_PIXELS, CREATIVE_DEFAULTS.height),
    durationMs: videoDurationMs(type, input.durationSeconds),
  };
}

/** How a picture given as an uploaded file is named: by its id, or by the address the app serves it at. */
interface FileFields {
  id: string;
  address: string;
  /** The two ways, as a refusal of both at once names them: "Give either …, not both". */
  either: string;
}

const CONTENT_FILE: FileFields = { id: "mediaId", address: "contentUrl", either: "a content URL or an uploaded file (mediaId)" };
const LOGO_FILE: FileFields = { id: "logoMediaId", address: "logoUrl", either: "a logo URL or an uploaded logo (logoMediaId)" };

const ARCHIVED_ALREADY = "This creative is archived already";

const isCopied = (creative: Creative) => COPIED_STATUSES.includes(creative.status);

/** Creatives still in play: neither archived themselves nor in an archived campaign (the query joins the campaign as `campaign`). */
const live = (query: SelectQueryBuilder<Creative>) => query.where("creative.archived_at IS NULL AND campaign.archived_at IS NULL");

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
    if (creative.archivedAt) throw new ConflictError("An archived creative cannot be edited");
    const changed = await this.contentOf(advertiser, input);
    const needsReview = reviewedChange(creative, changed);
    Object.assign(creative, changed);
    if (needsReview) Object.assign(creative, { status: CreativeStatus.PENDING, rejectionReason: null });
    return this.creatives.save(creative);
  }

  /** The creatives of the advertiser's campaigns, except archived ones, and those of archived campaigns: those leave every list with their campaign. */
  async listForAdvertiser(advertiser: User): Promise<CreativeWithCampaign[]> {
    const campaignIds = (await this.campaigns.listForAdvertiser(advertiser, false)).map(({ campaign }) => campaign.id);
    if (campaignIds.length === 0) return [];
    return this.creatives.find({ where: { campaignId: In(campaignIds), archivedAt: IsNull() }, relations: { campaign: true }, order: { id: "DESC" } }) as Promise<CreativeWithCampaign[]>;
  }

  /** The admins' list and review queue: by its own or its campaign's name, by status, newest first. */
  page(input?: ListInputFields): Promise<Page<CreativeWithCampaign>> {
    const request = listRequest(input, Object.values(CreativeStatus));
    const query = live(this.creatives.createQueryBuilder("creative").innerJoinAndSelect("creative.campaign", "campaign"));
    return pageOf(query, request, { search: ["creative.name", "campaign.name"], status: "creative.status", id: "creative.id" }) as Promise<Page<CreativeWithCampaign>>;
  }

  /** What duplicating one of the advertiser's campaigns takes of its live creatives (COPIED_STATUSES) and leaves out, for the screen to say before it is done. */
  async duplicatePreview(advertiser: User, campaignId: unknown): Promise<{ copied: Creative[]; leftOut: Creative[] }> {
    const campaign = await this.campaigns.findOwned(advertiser, campaignId);
    const creatives = await this.creatives.find({ where: { campaignId: campaign.id, archivedAt: IsNull() }, order: { id: "ASC" } });
    return { copied: creatives.filter(isCopied), leftOut: creatives.filter((creative) => !isCopied(creative)) };
  }

  /**
   * Takes a creative out of its advertiser's lists, the review queue and delivery, once (of identical
   * calls at once, one archives and the rest are refused). The row stays, so reports keep naming what
   * it earned, and so does its uploaded file: media files are never deleted.
   */
  async archive(advertiser: User, id: unknown): Promise<CreativeWithCampaign> {
    const creative = await this.findOwned(advertiser, id);
    if (creative.archivedAt) throw new ConflictError(ARCHIVED_ALREADY);
    const archivedAt = new Date();
    await inTransaction(this.dataSource, async (manager) => {
      await moveOnce(manager, Creative, { id: creative.id, archivedAt: IsNull() }, { archivedAt }, ARCHIVED_ALREADY);
      const target = { type: "creative", id: creative.id, userId: creative.campaign.advertiserId };
      await this.audit.record({ action: AuditAction.CREATIVE_ARCHIVED, target, before: { archived: false }, after: { archived: true } }, manager);
    });
    return Object.assign(creative, { archivedAt });
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
        await approveWithRecord(manager, creative, "refuse", { audit: this.audit, notify: this.notify });
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
    // Out of the queue, it needs no decision; one would notify its advertiser about an ad they took down.
    if (creative.archivedAt) return Promise.reject(new ConflictError("Its advertiser archived this creative: it needs no review"));
    return inTransaction(this.dataSource, async (manager) => {
      const { status, rejectionReason } = creative;
      await moveOnce(manager, Creative, { id: creative.id, status: from }, { status, rejectionReason }, reviewedMeanwhile("creative"));
      const saved = (await manager.getRepository(Creative).findOneOrFail({ where: { id: creative.id }, relations: { campaign: true } })) as CreativeWithCampaign;
      await record(saved, manager);
      return saved;
    });
  }

  /**
   * A creative's content: from a URL, or from an uploaded file given by its id or its /media/
   * address; a native ad's picture may be either, and so may its logo. An edit sends it whole, so
   * a video's skip offset left out makes it unskippable.
   */
  private async contentOf(advertiser: User, input: CreativeFields) {
    const name = check.requiredText("name", input.name, MAX_LENGTH.name);
    const file = await this.uploadedFile(advertiser, input.mediaId, input.contentUrl, CONTENT_FILE);
    const shown = file ? hostedContent(file, input) : urlContent(input);
    const native = shown.type === "native";
    const fields = { name, clickUrl: clickUrlOf(input, native), ...shown, skipAfterSeconds: skipAfterOf(shown, input.skipAfterSeconds), ...expandedSizeOf(shown, input), nativeFields: native ? await this.nativeOf(advertiser, input.native) : null };
    if (native) checkNativeImage(fields.width, fields.height);
    return fields;
  }

  /** A native ad's texts and logo; an uploaded logo, which must be an image of the advertiser's own, is kept as its /media/ address. */
  private async nativeOf(advertiser: User, input: unknown): Promise<NativeFields> {
    const { logoMediaId, ...fields } = nativeFields(input);
    const logo = await this.uploadedFile(advertiser, logoMediaId, fields.logoUrl, LOGO_FILE);
    if (!logo) return fields;
    if (logo.kind !== "image") throw new ValidationError(LOGO_FILE.id, "A logo must be an image: the uploaded file is a video");
    return { ...fields, logoUrl: mediaPathOf(logo.file) };
  }

  /** The advertiser's own uploaded file named by its id or by its /media/ address; null for a picture at an outside address. */
  private async uploadedFile(advertiser: User, id: unknown, address: unknown, named: FileFields): Promise<MediaFile | null> {
    if (!check.isBlank(id)) {
      if (!check.isBlank(address)) throw new ValidationError(named.id, `Give either ${named.either}, not both`);
      return this.media.findOwned(advertiser, id, named.id);
    }
    return check.isHostedMediaPath(address) ? this.media.findOwnedAt(advertiser, address, named.address) : null;
  }

  /** What the admins' Review badge counts: the queue's length, so live creatives of live campaigns only. */
  countByStatus(status: CreativeStatus): Promise<number> {
    return live(this.creatives.createQueryBuilder("creative").innerJoin("creative.campaign", "campaign")).andWhere("creative.status = :status", { status }).getCount();
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
