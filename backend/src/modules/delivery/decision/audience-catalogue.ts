import type { DataSource } from "typeorm";
import { Audience } from "../../audiences/audience.entity";
import type { AudienceEntry } from "../../audiences/audience-entry";

export interface AudienceCatalogue {
  byId: Map<number, AudienceEntry>;
  byAdvertiser: Map<number, AudienceEntry[]>;
}

/** Every audience not deleted, loaded with the campaigns (a deletion reloads them). */
export async function liveAudiences(dataSource: DataSource): Promise<AudienceCatalogue> {
  const rows = await dataSource.getRepository(Audience).createQueryBuilder("a").where("a.archived_at IS NULL").getMany();
  const catalogue: AudienceCatalogue = { byId: new Map(), byAdvertiser: new Map() };
  for (const row of rows) {
    const entry: AudienceEntry = { id: row.id, advertiserId: row.advertiserId, rule: row.rule, pagePattern: row.pagePattern, windowDays: row.windowDays, siteDomains: row.siteDomains };
    catalogue.byId.set(entry.id, entry);
    const ofAdvertiser = catalogue.byAdvertiser.get(entry.advertiserId) ?? [];
    ofAdvertiser.push(entry);
    catalogue.byAdvertiser.set(entry.advertiserId, ofAdvertiser);
  }
  return catalogue;
}
