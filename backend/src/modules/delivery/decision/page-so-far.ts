import type { CampaignEntry } from "../model";

/**
 * What a page already shows, as the decision of its next zone reads it: the advertisers (none shows
 * twice), their categories and the categories they name as competitors (kept apart both ways), and
 * how many ads of each campaign the page request holds (its frequency caps count them).
 */
export interface PageSoFar {
  readonly advertisers: ReadonlySet<number>;
  readonly categories: ReadonlySet<string>;
  readonly competitors: ReadonlySet<string>;
  readonly shown: ReadonlyMap<number, number>;
}

export const emptyPage = (): PageSoFar => ({ advertisers: new Set(), categories: new Set(), competitors: new Set(), shown: new Map() });

/** Whether the campaign may show beside the page's ads: another advertiser's, its category none of their competitors, and none of theirs one of its own. */
export function sharesPageWith(campaign: Pick<CampaignEntry, "advertiserId" | "category" | "competitors">, page: PageSoFar): boolean {
  if (page.advertisers.has(campaign.advertiserId) || page.competitors.has(campaign.category)) return false;
  if (campaign.competitors) for (const category of page.categories) if (campaign.competitors.has(category)) return false;
  return true;
}

/** The page once it shows `ads` more ads of the campaign. */
export function withCampaign(page: PageSoFar, campaign: Pick<CampaignEntry, "id" | "advertiserId" | "category" | "competitors">, ads = 1): PageSoFar {
  return {
    advertisers: new Set(page.advertisers).add(campaign.advertiserId),
    categories: new Set(page.categories).add(campaign.category),
    competitors: campaign.competitors ? new Set([...page.competitors, ...campaign.competitors]) : page.competitors,
    shown: new Map(page.shown).set(campaign.id, (page.shown.get(campaign.id) ?? 0) + ads),
  };
}

/** The page while one campaign is placed in several of its zones (a roadblock, a video's companions): so many of its ads counted, itself not yet its own competitor. */
export const holding = (page: PageSoFar, campaignId: number, ads: number): PageSoFar => ({ ...page, shown: new Map(page.shown).set(campaignId, (page.shown.get(campaignId) ?? 0) + ads) });
