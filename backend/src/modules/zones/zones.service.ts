import { DataSource, In, Repository } from "typeorm";
import { namesByIds } from "../../common/names";
import { ValidationError } from "../../common/errors";
import { MAX_LENGTH } from "../../common/text-limits";
import * as check from "../../common/validate";
import { SiteStatus } from "../sites/site.entity";
import type { SitesService } from "../sites/sites.service";
import type { User } from "../users/user.entity";
import { adTag } from "./ad-tag";
import { AdZone, ZONE_FORMATS, ZONE_POSITIONS } from "./ad-zone.entity";

export const ZONE_DEFAULTS = { width: 728, height: 90, format: "banner", position: "header" } as const;
/** Large enough for a billboard or an expanded rich-media unit, small enough to be a real slot. */
export const MAX_ZONE_PIXELS = 2000;

export interface ZoneWithSite {
  zone: AdZone;
  siteName: string;
  adTag: string;
}

export interface CreateZoneFields {
  siteId?: unknown;
  name?: unknown;
  width?: unknown;
  height?: unknown;
  format?: unknown;
  position?: unknown;
}

/** Ad zones on publishers' sites. */
export class ZonesService {
  private readonly zones: Repository<AdZone>;

  constructor(
    dataSource: DataSource,
    private readonly sites: SitesService,
  ) {
    this.zones = dataSource.getRepository(AdZone);
  }

  /** What each of these is called in reports. */
  namesOf(ids: number[]): Promise<Map<number, string>> {
    return namesByIds(this.zones, ids, (zone) => `${zone.name} (${zone.width}×${zone.height})`);
  }

  /** Only an approved site of the publisher's own may receive zones. */
  async create(publisher: User, input: CreateZoneFields, origin: string): Promise<ZoneWithSite> {
    const site = await this.sites.findOwned(publisher, input.siteId);
    if (site.status !== SiteStatus.APPROVED) {
      throw new ValidationError("siteId", "Choose an approved site: ad zones can only be added once the site is approved");
    }
    const zone = await this.zones.save(
      this.zones.create({
        siteId: site.id,
        name: check.requiredText("name", input.name, MAX_LENGTH.name),
        width: check.integer("width", input.width, 1, MAX_ZONE_PIXELS, ZONE_DEFAULTS.width),
        height: check.integer("height", input.height, 1, MAX_ZONE_PIXELS, ZONE_DEFAULTS.height),
        format: check.oneOf("format", input.format, ZONE_FORMATS, ZONE_DEFAULTS.format),
        position: check.oneOf("position", input.position, ZONE_POSITIONS, ZONE_DEFAULTS.position),
      }),
    );
    return { zone, siteName: site.name, adTag: adTag(zone, origin) };
  }

  async listForPublisher(publisher: User, origin: string): Promise<ZoneWithSite[]> {
    const siteNames = new Map((await this.sites.listForPublisher(publisher)).map(({ site }) => [site.id, site.name]));
    if (siteNames.size === 0) return [];
    const zones = await this.zones.find({ where: { siteId: In([...siteNames.keys()]) }, order: { id: "DESC" } });
    return zones.map((zone) => ({ zone, siteName: siteNames.get(zone.siteId) ?? "", adTag: adTag(zone, origin) }));
  }
}
