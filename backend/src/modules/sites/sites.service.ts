import { domainToUnicode } from "node:url";
import { DataSource, Repository } from "typeorm";
import { type ListInputFields, listRequest, type Page, pageOf } from "../../common/list-page";
import { namesByIds } from "../../common/names";
import { ConflictError, NotFoundError } from "../../common/errors";
import { markApproved, markRejected } from "../../common/review";
import { MAX_LENGTH } from "../../common/text-limits";
import * as check from "../../common/validate";
import { isUniqueViolation } from "../../common/db-errors";
import { startOfMonth } from "../reports/month-over-month";
import { ReportsService } from "../reports/reports.service";
import type { User } from "../users/user.entity";
import { requireVerifiedEmail } from "../email-links/verified-email";
import { NO_NOTIFICATIONS, NotificationKind, type Notify } from "../notifications/notification-kinds";
import { Site, SITE_CATEGORIES, SiteStatus } from "./site.entity";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";

export interface SiteWithStats {
  site: Site;
  monthlyImpressions: number;
}


/** Publishers' sites and their review by admins. */
export class SitesService {
  private readonly sites: Repository<Site>;

  constructor(
    dataSource: DataSource,
    private readonly reports: ReportsService,
    /** Whether a publisher may add `localhost` to try the ad tag on their own machine (LOCALHOST_SITES). */
    private readonly allowLocalhost: boolean,
    private readonly audit: AuditService,
    /** Tells the publisher their site was approved or rejected. */
    private readonly notify: Notify = NO_NOTIFICATIONS,
  ) {
    this.sites = dataSource.getRepository(Site);
  }

  /** What each of these is called in reports. */
  namesOf(ids: number[]): Promise<Map<number, string>> {
    return namesByIds(this.sites, ids, (site) => site.name);
  }

  /** A new site always starts pending review, whatever the request says. */
  async create(publisher: User, input: { domain?: unknown; name?: unknown; category?: unknown; description?: unknown }): Promise<SiteWithStats> {
    requireVerifiedEmail(publisher);
    const site = this.sites.create({
      publisherId: publisher.id,
      domain: check.hostname("domain", input.domain, { allowLocalhost: this.allowLocalhost }),
      name: check.requiredText("name", input.name, MAX_LENGTH.name),
      category: check.oneOf("category", input.category, SITE_CATEGORIES),
      description: check.requiredText("description", input.description, MAX_LENGTH.description),
      status: SiteStatus.PENDING,
      rejectionReason: null,
    });
    const duplicate = new ConflictError(`You have already added ${domainToUnicode(site.domain)}`, "domain");
    if (await this.sites.existsBy({ publisherId: publisher.id, domain: site.domain })) throw duplicate;
    try {
      return { site: await this.sites.save(site), monthlyImpressions: 0 };
    } catch (error) {
      throw isUniqueViolation(error) ? duplicate : error;
    }
  }

  async listForPublisher(publisher: User): Promise<SiteWithStats[]> {
    return this.withStats(await this.sites.find({ where: { publisherId: publisher.id }, order: { id: "DESC" } }));
  }

  /** Every site, for the legacy REST list (spec section 7), which has no paging. */
  async listAll(): Promise<SiteWithStats[]> {
    return this.withStats(await this.sites.find({ order: { id: "DESC" } }));
  }

  /** The admins' list: by name or domain, by status, newest first. */
  async page(input?: ListInputFields): Promise<Page<SiteWithStats>> {
    const request = listRequest(input, Object.values(SiteStatus));
    const page = await pageOf(this.sites.createQueryBuilder("site"), request, { search: ["site.name", "site.domain"], status: "site.status", id: "site.id" });
    return { items: await this.withStats(page.items), totalCount: page.totalCount };
  }

  async approve(id: unknown): Promise<SiteWithStats> {
    const site = await this.findById(id);
    const before = { status: site.status };
    markApproved(site, "site");
    const saved = await this.sites.save(site);
    await this.audit.record({ action: AuditAction.SITE_APPROVED, target: { type: "site", id: site.id, userId: site.publisherId }, before, after: { status: saved.status } });
    await this.notify(saved.publisherId, NotificationKind.SITE_APPROVED, { name: saved.name });
    return this.single(saved);
  }

  async reject(id: unknown, reason: unknown): Promise<SiteWithStats> {
    const site = await this.findById(id);
    const before = { status: site.status };
    markRejected(site, reason, "site");
    const saved = await this.sites.save(site);
    await this.audit.record({ action: AuditAction.SITE_REJECTED, target: { type: "site", id: site.id, userId: site.publisherId }, before, after: { status: saved.status, reason: saved.rejectionReason } });
    await this.notify(saved.publisherId, NotificationKind.SITE_REJECTED, { name: saved.name, reason: saved.rejectionReason });
    return this.single(saved);
  }

  /** The publisher's own site, or NOT_FOUND: another publisher's site is never revealed. */
  async findOwned(publisher: User, id: unknown): Promise<Site> {
    const site = await this.sites.findOneBy({ id: check.positiveId("siteId", id), publisherId: publisher.id });
    if (!site) throw new NotFoundError("Site");
    return site;
  }

  countByStatus(status: SiteStatus): Promise<number> {
    return this.sites.countBy({ status });
  }

  private async findById(id: unknown): Promise<Site> {
    const site = await this.sites.findOneBy({ id: check.positiveId("id", id) });
    if (!site) throw new NotFoundError("Site");
    return site;
  }

  private async single(site: Site): Promise<SiteWithStats> {
    return (await this.withStats([site]))[0];
  }

  private async withStats(sites: Site[]): Promise<SiteWithStats[]> {
    const impressions = await this.reports.impressionsBySiteInMonth(
      sites.map((site) => ({ id: site.id, ownerId: site.publisherId })),
      startOfMonth(),
    );
    return sites.map((site) => ({ site, monthlyImpressions: impressions.get(site.id) ?? 0 }));
  }
}
