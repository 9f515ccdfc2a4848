import { In, type DataSource } from "typeorm";
import type { Creative } from "../../creatives/creative.entity";
import { DEFAULT_CURRENCY, priceText } from "../../creatives/native-fields";
import { User } from "../../users/user.entity";
import type { NativeEntry } from "../model";

/**
 * The catalogue's native fields of each native creative, with the advertiser's name that the
 * "Sponsored" label names (the FTC's rule for native ads): the creative's brand, else the
 * advertiser's own name. One query for the advertisers of native creatives, none without them.
 */
export async function nativeEntries(dataSource: DataSource, creatives: Creative[], advertiserOf: (campaignId: number) => number | undefined): Promise<Map<number, NativeEntry>> {
  const natives = creatives.filter((creative) => creative.nativeFields);
  const advertiserIds = [...new Set(natives.map((creative) => advertiserOf(creative.campaignId)).filter((id): id is number => id !== undefined))];
  const users = advertiserIds.length ? await dataSource.getRepository(User).find({ where: { id: In(advertiserIds) }, select: { id: true, fullName: true } }) : [];
  const names = new Map(users.map((user) => [user.id, user.fullName]));
  const entries = new Map<number, NativeEntry>();
  for (const creative of natives) {
    const advertiser = names.get(advertiserOf(creative.campaignId) ?? 0) ?? "";
    const { headline, body, sponsor, callToAction, logoUrl, priceMicros, currency, rating } = creative.nativeFields!;
    const price = priceMicros == null ? null : priceText(priceMicros, currency ?? DEFAULT_CURRENCY);
    entries.set(creative.id, { headline, body, sponsor: sponsor ?? advertiser, advertiser, cta: callToAction, logo: logoUrl, price, rating: rating ?? null });
  }
  return entries;
}
