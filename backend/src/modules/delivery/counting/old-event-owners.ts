import type { EntityManager } from "typeorm";
import type { CountedEvent } from "./counted-events";
import type { AnyLoggedEvent, LoggedEvent, LogRecord, OldLoggedEvent } from "./event-log/event-log";
import { isOldShape } from "./event-log/event-log";

type Owners = Pick<CountedEvent, "publisherId" | "siteId" | "advertiserId">;

/**
 * The owners of zones and campaigns, from the database. New events carry them from the decision;
 * only events an older version logged without them (still in the log after an upgrade) need this.
 */
export async function ownersOf(manager: EntityManager, zoneIds: number[], campaignIds: number[]): Promise<(zoneId: number, campaignId: number) => Owners> {
  const zones = new Map<number, { siteId: number; publisherId: number }>();
  const advertisers = new Map<number, number>();
  if (zoneIds.length > 0) {
    const rows: { id: number; siteId: number; publisherId: number }[] = await manager
      .createQueryBuilder()
      .select(["z.id AS id", "z.site_id AS siteId", "s.publisher_id AS publisherId"])
      .from("ad_zones", "z")
      .innerJoin("sites", "s", "s.id = z.site_id")
      .where("z.id IN (:...zoneIds)", { zoneIds })
      .getRawMany();
    for (const zone of rows) zones.set(Number(zone.id), { siteId: Number(zone.siteId), publisherId: Number(zone.publisherId) });
  }
  if (campaignIds.length > 0) {
    const rows: { id: number; advertiserId: number }[] = await manager
      .createQueryBuilder()
      .select(["c.id AS id", "c.advertiser_id AS advertiserId"])
      .from("campaigns", "c")
      .where("c.id IN (:...campaignIds)", { campaignIds })
      .getRawMany();
    for (const campaign of rows) advertisers.set(Number(campaign.id), Number(campaign.advertiserId));
  }
  return (zoneId, campaignId) => {
    const zone = zones.get(zoneId);
    return { siteId: zone?.siteId ?? 0, publisherId: zone?.publisherId ?? 0, advertiserId: advertisers.get(campaignId) ?? 0 };
  };
}

function upgraded(event: OldLoggedEvent, owners: Owners): LoggedEvent {
  const counted: CountedEvent = { atMs: event.at, ...event.key, ...owners };
  switch (event.type) {
    case "impression":
      return { type: "impression", counted, offerId: event.offerId, issuedAt: event.issuedAt, spendMicros: event.spendMicros, earningMicros: event.earningMicros };
    case "click":
      return { type: "click", counted, offerId: event.offerId, issuedAt: event.issuedAt, clickId: event.clickId };
    case "conversion":
      return { type: "conversion", counted, clickId: event.clickId };
  }
}

/** The records with every event in the current shape: events of the old one get their owners from the database. */
export async function inCurrentShape(manager: EntityManager, records: LogRecord[]): Promise<{ position: number; event: LoggedEvent }[]> {
  const old = records.map((record) => record.event).filter(isOldShape);
  if (old.length === 0) return records as { position: number; event: LoggedEvent }[];
  const unique = (ids: number[]) => [...new Set(ids)].filter((id) => id > 0);
  const owners = await ownersOf(
    manager,
    unique(old.map((event) => event.key.zoneId)),
    unique(old.map((event) => event.key.campaignId)),
  );
  const current = (event: AnyLoggedEvent) => (isOldShape(event) ? upgraded(event, owners(event.key.zoneId, event.key.campaignId)) : event);
  return records.map(({ position, event }) => ({ position, event: current(event) }));
}
