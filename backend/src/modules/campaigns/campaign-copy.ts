import type { EntityManager } from "typeorm";
import { MAX_LENGTH } from "../../common/text-limits";
import { Campaign, CampaignStatus } from "./campaign.entity";
import type { CampaignCreatives } from "./campaign-creatives";
import { Role } from "../../auth/roles";
import { addDays, defaultsBeyond } from "../../common/fields/field";
import { CAMPAIGN_FIELDS } from "./campaign-fields";
import { settingsOf, today } from "./campaign-settings";

const DAY_MS = 86_400_000;
const COPY_SUFFIX = " (copy)";

/** "Spring sale (copy)", shortened so that it fits the name column. */
export function copyName(name: string): string {
  return `${name.slice(0, MAX_LENGTH.name - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
}

/** The copy's flight: the original's, or when that has started, one as long starting today. */
export function copyFlight(startDate: string, endDate: string, todayDate = today()): { startDate: string; endDate: string } {
  if (startDate >= todayDate) return { startDate, endDate };
  const lengthDays = Math.round((Date.parse(endDate) - Date.parse(startDate)) / DAY_MS);
  return { startDate: todayDate, endDate: addDays(todayDate, lengthDays) };
}

/**
 * A new pending campaign with the original's settings (targeting and caps included) and copies of
 * its creatives, all waiting for review, in one transaction: a copy is whole or not made. The
 * advertiser makes it, so what only an admin books (a guaranteed goal, a sponsorship) is not copied:
 * the copy competes in the auction.
 */
export async function copyCampaign(manager: EntityManager, original: Campaign, creatives: CampaignCreatives): Promise<Campaign> {
  return manager.transaction(async (transaction) => {
    const campaigns = transaction.getRepository(Campaign);
    const copy = await campaigns.save(
      campaigns.create({
        ...settingsOf(original),
        ...defaultsBeyond<Campaign>(CAMPAIGN_FIELDS, Role.ADVERTISER),
        name: copyName(original.name),
        ...copyFlight(original.startDate, original.endDate),
        // A deal is sold as one campaign: the copy runs in the open auction until an admin gives it one.
        dealId: null,
        advertiserId: original.advertiserId,
        status: CampaignStatus.PENDING,
        rejectionReason: null,
        archivedAt: null,
      }),
    );
    await creatives.copyAsPending(transaction, original.id, copy.id);
    return copy;
  });
}
