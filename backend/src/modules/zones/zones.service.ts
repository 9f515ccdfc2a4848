import { DataSource, EntityManager, In, IsNull, Repository } from "typeorm";
import { columnValues, readFields, withDefaults } from "../../common/fields/field";
import { moveOnce } from "../../common/move-once";
import { namesByIds } from "../../common/names";
import { NotFoundError, ValidationError } from "../../common/errors";
import * as check from "../../common/validate";
import type { FactSums } from "../reports/fact-sums";
import { fillRate, type ReportsService } from "../reports/reports.service";
import { startOfMonth } from "../reports/month-over-month";
import { acceptsZones, Site, SiteStatus } from "../sites/site.entity";
import type { SitesService } from "../sites/sites.service";
import type { User } from "../users/user.entity";
import { zoneTags } from "./ad-tag";
import { ZONE_SETTINGS, type ZoneSettings } from "./zone-fields";
import { checkPresentation } from "./zone-presentation";
import { checkBreaks } from "./ad-breaks";
import { AdZone } from "./ad-zone.entity";

/** What a zone did this calendar month (of the reporting time zone). */
export interface ZoneMonth {
  impressions: number;
  clicks: number;
  revenueMicros: number;
  /** Filled requests over requests, in percent. */
  fillRate: number;
}

export interface ZoneWithSite {
  zone: AdZone;
  siteName: string;
  adTag: string;
  vastUrl: string | null;
  vmapUrl: string | null;
  month: ZoneMonth;
}

/** An approved, live site with its live zones: what a campaign may target by name. */
export interface ApprovedSite {
  site: Site;
  zones: AdZone[];
}

/** A zone's fields as either door sends them, by the names of ZONE_FIELDS: unchecked. Floor is dollars per thousand impressions. */
export type ZoneFields = Readonly<Record<string, unknown>>;

/** A new zone's fields, with the site it goes on (siteId). */
export type CreateZoneFields = ZoneFields;

const NOTHING_YET: ZoneMonth = { impressions: 0, clicks: 0, revenueMicros: 0, fillRate: 0 };

/** Ad zones on publishers' sites. */
export class ZonesService {
  private readonly zones: Repository<AdZone>;

  constructor(
    dataSource: DataSource,
    private readonly sites: SitesService,
    private readonly reports: ReportsService,
  ) {
    this.zones = dataSource.getRepository(AdZone);
    sites.onArchived((manager, site) => this.archiveZonesOf(manager, site));
  }

  /** A site's zones leave the lists and delivery with it; their rows stay for reports. */
  private async archiveZonesOf(manager: EntityManager, site: Site): Promise<void> {
    await manager.getRepository(AdZone).update({ siteId: site.id, archivedAt: IsNull() }, { archivedAt: site.archivedAt });
  }

  /** What each of these is called in reports. */
  namesOf(ids: number[]): Promise<Map<number, string>> {
    return namesByIds(this.zones, ids, (zone) => `${zone.name} (${zone.width}×${zone.height})`);
  }

  /** Only an approved site of the publisher's own may receive zones. */
  async create(publisher: User, input: CreateZoneFields, origin: string): Promise<ZoneWithSite> {
    const site = await this.sites.findOwned(publisher, input.siteId);
    if (!acceptsZones(site)) {
      throw new ValidationError("siteId", "Choose an approved site: ad zones can only be added once the site is approved");
    }
    const zone = await this.zones.save(this.zones.create({ siteId: site.id, ...validated(input), archivedAt: null }));
    return { zone, siteName: site.name, ...zoneTags(zone, origin), month: NOTHING_YET };
  }

  /** Edits the publisher's own zone with the rules of `create`; its tag keeps its id, so pages need not change unless its size did. */
  async update(publisher: User, id: unknown, input: ZoneFields, origin: string): Promise<ZoneWithSite> {
    const { zone, site } = await this.findOwned(publisher, id);
    const fields = validated(input, columnValues(ZONE_SETTINGS, zone));
    return this.withFigures(await this.zones.save(Object.assign(zone, fields)), site, origin);
  }

  /** Takes the zone out of the publisher's list and out of delivery (the ad catalogue reloads on the write); reports keep its figures. */
  async archive(publisher: User, id: unknown, origin: string): Promise<ZoneWithSite> {
    const { zone, site } = await this.findOwned(publisher, id);
    zone.archivedAt = new Date();
    await moveOnce(this.zones.manager, AdZone, { id: zone.id, archivedAt: IsNull() }, { archivedAt: zone.archivedAt }, "This ad zone was removed meanwhile");
    return this.withFigures(zone, site, origin);
  }

  async listForPublisher(publisher: User, origin: string): Promise<ZoneWithSite[]> {
    const sites = new Map((await this.sites.listForPublisher(publisher)).map(({ site }) => [site.id, site]));
    if (sites.size === 0) return [];
    const zones = await this.zones.find({ where: { siteId: In([...sites.keys()]), archivedAt: IsNull() }, order: { id: "DESC" } });
    const months = await this.reports.zoneMonths(
      zones.map((zone) => ({ id: zone.id, ownerId: publisher.id })),
      startOfMonth(),
    );
    return zones.map((zone) => ({ zone, siteName: sites.get(zone.siteId)!.name, ...zoneTags(zone, origin), month: monthOf(months.get(zone.id)) }));
  }

  /** Every approved live site of the network with its live zones, by name: the choices of site and zone targeting. */
  async approvedSites(): Promise<ApprovedSite[]> {
    const sites = await this.zones.manager.getRepository(Site).find({ where: { status: SiteStatus.APPROVED, archivedAt: IsNull() }, order: { name: "ASC", id: "ASC" } });
    if (sites.length === 0) return [];
    const zones = await this.zones.find({ where: { siteId: In(sites.map((site) => site.id)), archivedAt: IsNull() }, order: { name: "ASC", id: "ASC" } });
    return sites.map((site) => ({ site, zones: zones.filter((zone) => zone.siteId === site.id) }));
  }

  /** The publisher's own live zone on a live site, or NOT_FOUND: another publisher's zone is never revealed. */
  private async findOwned(publisher: User, id: unknown): Promise<{ zone: AdZone; site: Site }> {
    const zone = await this.zones.findOne({
      where: { id: check.positiveId("id", id), archivedAt: IsNull(), site: { publisherId: publisher.id, archivedAt: IsNull() } },
      relations: { site: true },
    });
    if (!zone?.site) throw new NotFoundError("Ad zone");
    return { zone, site: zone.site };
  }

  private async withFigures(zone: AdZone, site: Site, origin: string): Promise<ZoneWithSite> {
    const months = await this.reports.zoneMonths([{ id: zone.id, ownerId: site.publisherId }], startOfMonth());
    return { zone, siteName: site.name, ...zoneTags(zone, origin), month: monthOf(months.get(zone.id)) };
  }
}

/** A zone's settings as stored: the sent ones read by their declared kinds over `current` (a new zone's defaults), checked together. */
function validated(input: ZoneFields, current?: ZoneSettings): ZoneSettings {
  const sent = readFields(ZONE_SETTINGS, input, current === undefined);
  const settings = current ? { ...current, ...sent } : withDefaults(ZONE_SETTINGS, sent);
  checkPresentation(settings);
  checkBreaks(settings);
  return settings;
}

function monthOf(sums: FactSums | undefined): ZoneMonth {
  if (!sums) return NOTHING_YET;
  return { impressions: sums.impressions, clicks: sums.clicks, revenueMicros: sums.revenueMicros, fillRate: fillRate(sums.filledRequests, sums.requests) };
}
