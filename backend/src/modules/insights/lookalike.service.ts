import { type DataSource, In } from "typeorm";
import { ValidationError } from "../../common/errors";
import type { Audience } from "../audiences/audience.entity";
import type { Campaign } from "../campaigns/campaign.entity";
import type { CampaignFields } from "../campaigns/campaign-settings";
import { reportCalendar } from "../reports/grains";
import { storedTargeting } from "../targeting/targeting-rules";
import type { User } from "../users/user.entity";
import { AdZone } from "../zones/ad-zone.entity";
import { CampaignLookalike } from "./campaign-lookalike.entity";
import { INSIGHT_SUBJECTS } from "./insight-dimensions";
import type { InsightsService } from "./insights.service";
import { LOOKALIKE_RULE, lookalikeRequestsPerDay, type LookalikePlace, selectLookalike } from "./lookalike";

/** What the lookalike needs of the campaigns and audiences domains, handed in where the services are built. */
export interface LookalikeParts {
  campaigns: {
    findOwned(advertiser: User, id: unknown, field?: string): Promise<Campaign>;
    update(actor: User, id: unknown, input: CampaignFields): Promise<unknown>;
  };
  audiences: { findOwned(advertiser: User, id: unknown, field?: string): Promise<Audience> };
}

/** The most zones and keywords the targeting rules hold (see targeting/rules). */
const MAX_TARGETED = { zone: 500, keyword: 100 } as const;
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/**
 * Contextual lookalikes: the places an audience's members are over-represented in (see
 * LOOKALIKE_RULE) become a campaign's targeting, so it reaches people like them by where and when
 * they are seen, with no profile of anyone carried across sites.
 */
export class LookalikeService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly insights: InsightsService,
    private readonly parts: LookalikeParts,
  ) {}

  /** The campaign's lookalike, or null when its targeting was never built from one. */
  async of(advertiser: User, campaignId: unknown): Promise<CampaignLookalike | null> {
    const campaign = await this.parts.campaigns.findOwned(advertiser, campaignId, "campaignId");
    return this.dataSource.getRepository(CampaignLookalike).findOneBy({ campaignId: campaign.id });
  }

  /**
   * Targets the campaign at the places the audience is over-represented in, over the last
   * LOOKALIKE_RULE.historyDays, through the campaign's own edit (its checks, history and review);
   * refused with the reason when the audience has too little data or nothing stands out. The rules
   * it has no place for keep what the campaign had. Built twice at once, both write the same.
   */
  async build(advertiser: User, campaignId: unknown, audienceId: unknown): Promise<CampaignLookalike> {
    const campaign = await this.parts.campaigns.findOwned(advertiser, campaignId, "campaignId");
    const audience = await this.parts.audiences.findOwned(advertiser, audienceId, "audienceId");
    const calendar = reportCalendar();
    const now = Date.now();
    const today = calendar.dateOf(now);
    const range = { fromMs: calendar.dateStart(today, -(LOOKALIKE_RULE.historyDays - 1)), toMs: calendar.dateStart(today, 1) };
    const insights = await this.insights.reader.insights(INSIGHT_SUBJECTS.audience, audience.id, range, () => "requests");
    const selection = selectLookalike(insights);
    if ("refusal" in selection) throw new ValidationError("audienceId", selection.refusal);

    const chosen = (dimension: LookalikePlace["dimension"]) => selection.places.filter((place) => place.dimension === dimension).map((place) => place.value);
    const zones = (await this.zonesOf(chosen("site"), insights.find((insight) => insight.dimension === "zone")?.values.map((value) => value.value) ?? [], chosen("zone"))).slice(0, MAX_TARGETED.zone);
    const keywords = chosen("keyword").slice(0, MAX_TARGETED.keyword);
    const hours = chosen("hour");
    const targeting = storedTargeting(campaign.targeting) as Record<string, unknown>;
    if (zones.length > 0) targeting.zones = { mode: "include", values: zones };
    if (keywords.length > 0) targeting.keywords = { include: keywords, exclude: (targeting.keywords as { exclude?: string[] } | undefined)?.exclude ?? [] };
    if (hours.length > 0) targeting.dayParting = { timeZone: calendar.timeZone, days: EVERY_DAY, hours: hours.map(Number) };
    await this.parts.campaigns.update(advertiser, campaign.id, { targeting });

    const lookalike: CampaignLookalike = {
      campaignId: campaign.id,
      audienceId: audience.id,
      builtAt: new Date(now),
      historyDays: LOOKALIKE_RULE.historyDays,
      places: selection.places,
      requestsPerDay: lookalikeRequestsPerDay(zones, hours, keywords, insights, LOOKALIKE_RULE.historyDays),
    };
    await this.dataSource.getRepository(CampaignLookalike).upsert(lookalike, ["campaignId"]);
    return lookalike;
  }

  /** The zones chosen, and those the audience was seen on in the sites chosen: the targeting's places, as zones. */
  private async zonesOf(sites: string[], seenZones: string[], zones: string[]): Promise<string[]> {
    const ofSites =
      sites.length === 0 || seenZones.length === 0
        ? []
        : await this.dataSource.getRepository(AdZone).find({ select: { id: true }, where: { id: In(seenZones.map(Number)), siteId: In(sites.map(Number)) } });
    return [...new Set([...zones, ...ofSites.map((zone) => String(zone.id))])];
  }
}
