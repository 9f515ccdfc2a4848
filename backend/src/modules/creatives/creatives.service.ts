import { DataSource, In, Repository } from "typeorm";
import { ConflictError, NotFoundError } from "../../common/errors";
import { markApproved, markRejected } from "../../common/review";
import * as check from "../../common/validate";
import { isFinal } from "../campaigns/campaign-lifecycle";
import type { CampaignsService } from "../campaigns/campaigns.service";
import type { User } from "../users/user.entity";
import { MAX_ZONE_PIXELS } from "../zones/zones.service";
import { Creative, CREATIVE_TYPES, CreativeStatus } from "./creative.entity";

export const CREATIVE_DEFAULTS = { type: "image", width: 728, height: 90 } as const;

export interface CreativeFields {
  name?: unknown;
  type?: unknown;
  contentUrl?: unknown;
  clickUrl?: unknown;
  width?: unknown;
  height?: unknown;
}

function content(input: CreativeFields) {
  const clickUrl = input.clickUrl === undefined || input.clickUrl === null || input.clickUrl === "" ? null : check.httpUrl("clickUrl", input.clickUrl);
  return {
    name: check.requiredText("name", input.name, 120),
    type: check.oneOf("type", input.type, CREATIVE_TYPES, CREATIVE_DEFAULTS.type),
    contentUrl: check.httpUrl("contentUrl", input.contentUrl),
    clickUrl,
    width: check.integer("width", input.width, 1, MAX_ZONE_PIXELS, CREATIVE_DEFAULTS.width),
    height: check.integer("height", input.height, 1, MAX_ZONE_PIXELS, CREATIVE_DEFAULTS.height),
  };
}

/** What an admin reviewed: a change to any of these needs approval again, a new name does not. */
const REVIEWED_FIELDS = ["type", "contentUrl", "clickUrl", "width", "height"] as const;

/** Advertisers' creatives and their review: nothing serves before an admin approves it. */
export class CreativesService {
  private readonly creatives: Repository<Creative>;

  constructor(
    dataSource: DataSource,
    private readonly campaigns: CampaignsService,
  ) {
    this.creatives = dataSource.getRepository(Creative);
  }

  async create(advertiser: User, input: CreativeFields & { campaignId?: unknown }): Promise<Creative> {
    const campaign = await this.campaigns.findOwned(advertiser, input.campaignId, "campaignId");
    if (isFinal(campaign.status)) {
      throw new ConflictError(`A ${campaign.status} campaign takes no new creatives`, "campaignId");
    }
    return this.creatives.save(
      this.creatives.create({ ...content(input), campaignId: campaign.id, status: CreativeStatus.PENDING, rejectionReason: null }),
    );
  }

  /** A changed creative goes back to review (spec: creative changes need re-approval). */
  async update(advertiser: User, id: unknown, input: CreativeFields): Promise<Creative> {
    const creative = await this.findOwned(advertiser, id);
    const changed = content(input);
    const needsReview = REVIEWED_FIELDS.some((field) => creative[field] !== changed[field]);
    Object.assign(creative, changed);
    if (needsReview) Object.assign(creative, { status: CreativeStatus.PENDING, rejectionReason: null });
    return this.creatives.save(creative);
  }

  async listForAdvertiser(advertiser: User): Promise<Creative[]> {
    const campaignIds = (await this.campaigns.listForAdvertiser(advertiser)).map(({ campaign }) => campaign.id);
    if (campaignIds.length === 0) return [];
    return this.creatives.find({ where: { campaignId: In(campaignIds) }, order: { id: "DESC" } });
  }

  listAll(status?: CreativeStatus): Promise<Creative[]> {
    return this.creatives.find({ where: status ? { status } : {}, order: { id: "DESC" } });
  }

  async approve(id: unknown): Promise<Creative> {
    const creative = await this.findById(id);
    markApproved(creative, "creative");
    return this.creatives.save(creative);
  }

  async reject(id: unknown, reason: unknown): Promise<Creative> {
    const creative = await this.findById(id);
    markRejected(creative, reason, "creative");
    return this.creatives.save(creative);
  }

  countByStatus(status: CreativeStatus): Promise<number> {
    return this.creatives.countBy({ status });
  }

  private async findOwned(advertiser: User, id: unknown): Promise<Creative> {
    const creative = await this.findById(id);
    await this.campaigns.findOwned(advertiser, creative.campaignId).catch(() => {
      throw new NotFoundError("Creative");
    });
    return creative;
  }

  private async findById(id: unknown): Promise<Creative> {
    const creative = await this.creatives.findOneBy({ id: check.positiveId("id", id) });
    if (!creative) throw new NotFoundError("Creative");
    return creative;
  }
}
