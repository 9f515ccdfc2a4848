import { domainToUnicode } from "node:url";
import { DataSource, EntityManager, In, IsNull, Repository } from "typeorm";
import { type ListInputFields, listRequest, type Page, pageOf } from "../../common/list-page";
import { namesByIds } from "../../common/names";
import { ConflictError, NotFoundError } from "../../common/errors";
import { moveOnce } from "../../common/move-once";
import { markApproved, markRejected, reviewedMeanwhile } from "../../common/review";
import * as check from "../../common/validate";
import { isUniqueViolation } from "../../common/db-errors";
import { edited } from "../../common/edit-fields";
import { columnValues, readFields, reviewedColumnsOf, withDefaults } from "../../common/fields/field";
import { siteFields } from "./site-fields";
import { inTransaction } from "../../common/transaction";
import { startOfMonth } from "../reports/month-over-month";
import { ReportsService } from "../reports/reports.service";
import type { User } from "../users/user.entity";
import { requireVerifiedEmail } from "../email-links/verified-email";
import { NO_NOTIFICATIONS, NotificationKind, type Notify } from "../notifications/notification-kinds";
import { Site, SiteStatus } from "./site.entity";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";

export interface SiteWithStats {
  site: Site;
  monthlyImpressions: number;
}

/** A site's fields as either door sends them, by the names of SITE_FIELDS: unchecked. */
export type SiteFields = Readonly<Record<string, unknown>>;

const LIVE = { archivedAt: IsNull() };

/** What hangs off a site (its zones) archives with it, in the transaction that archives the site. */
type ArchivedListener = (manager: EntityManager, site: Site) => Promise<void>;

/** Publishers' sites and their review by admins. */
export class SitesService {
  private readonly sites: Repository<Site>;
  private readonly archivedListeners: ArchivedListener[] = [];
  /** The declared fields, read with this deployment's view of localhost. */
  private readonly fields: ReturnType<typeof siteFields>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly reports: ReportsService,
    /** Whether a publisher may add `localhost` to try the ad tag on their own machine (LOCALHOST_SITES). */
    allowLocalhost: boolean,
    private readonly audit: AuditService,
    /** Tells the publisher their site was approved or rejected. */
    private readonly notify: Notify = NO_NOTIFICATIONS,
  ) {
    this.sites = dataSource.getRepository(Site);
    this.fields = siteFields({ allowLocalhost });
  }

  onArchived(listener: ArchivedListener): void {
    this.archivedListeners.push(listener);
  }

  /** What each of these is called in reports. */
  namesOf(ids: number[]): Promise<Map<number, string>> {
    return namesByIds(this.sites, ids, (site) => site.name);
  }

  /**
   * What the sites with these domains are called, for the campaigns that target them by domain. Two
   * publishers may list one domain: the approved site's name wins, as only it can serve.
   */
  async namesByDomain(domains: string[]): Promise<Map<string, string>> {
    if (domains.length === 0) return new Map();
    const found = await this.sites.find({ where: { domain: In(domains), archivedAt: IsNull() }, order: { id: "ASC" } });
    const names = new Map<string, string>();
    for (const site of found) if (!names.has(site.domain) || site.status === SiteStatus.APPROVED) names.set(site.domain, site.name);
    return names;
  }

  /**
   * A new site always starts pending review, whatever the request says. A domain the publisher
   * removed earlier brings that site back, under its old id and with its past figures, for review anew.
   */
  async create(publisher: User, input: SiteFields): Promise<SiteWithStats> {
    requireVerifiedEmail(publisher);
    const fields = this.validated(input);
    const removed = await this.sites.findOneBy({ publisherId: publisher.id, domain: fields.domain });
    if (removed && !removed.archivedAt) throw duplicateOf(fields.domain);
    const site = this.sites.merge(removed ?? this.sites.create({ publisherId: publisher.id }), fields, { status: SiteStatus.PENDING, rejectionReason: null, archivedAt: null });
    return { site: await this.saveUnique(site), monthlyImpressions: 0 };
  }

  /**
   * Edits the publisher's own site with the rules of `create`. Another domain is a site the admins
   * have not seen, so an approved site goes back to review (its zones stop filling until it is
   * approved again); any edit of a rejected site submits it again.
   */
  async update(publisher: User, id: unknown, input: SiteFields): Promise<SiteWithStats> {
    const site = await this.findOwned(publisher, id, "id");
    const fields = this.validated(edited(columnValues(this.fields, site), input));
    const domainChanged = fields.domain !== site.domain;
    if (domainChanged && (await this.sites.existsBy({ publisherId: publisher.id, domain: fields.domain }))) throw duplicateOf(fields.domain);
    const reviewedChanged = reviewedColumnsOf(this.fields).some((column) => JSON.stringify(fields[column]) !== JSON.stringify(site[column]));
    if ((reviewedChanged && site.status === SiteStatus.APPROVED) || site.status === SiteStatus.REJECTED) {
      Object.assign(site, { status: SiteStatus.PENDING, rejectionReason: null });
    }
    // The last ads.txt check was of the old domain's file: the new one is checked when approved.
    if (domainChanged) Object.assign(site, { adsTxtStatus: null, adsTxtCheckedAt: null, adsTxtReason: null });
    return this.single(await this.saveUnique(Object.assign(site, fields)));
  }

  /**
   * Removes the site and its zones from the publisher's lists and from delivery (the ad catalogue
   * reloads on the write); the rows stay, so reports and statements keep naming what earned.
   */
  async archive(publisher: User, id: unknown): Promise<SiteWithStats> {
    const site = await this.findOwned(publisher, id, "id");
    site.archivedAt = new Date();
    await inTransaction(this.dataSource, async (manager) => {
      await moveOnce(manager, Site, { id: site.id, ...LIVE }, { archivedAt: site.archivedAt }, "This site was removed meanwhile");
      for (const listener of this.archivedListeners) await listener(manager, site);
    });
    return this.single(site);
  }

  /** Every field, each checked by its declared kind, the lists empty when left out. */
  private validated(input: SiteFields) {
    return withDefaults(this.fields, readFields(this.fields, input, true)) as Pick<Site, "domain" | "name" | "category" | "description" | "blockedCategories" | "blockedDomains">;
  }

  private async saveUnique(site: Site): Promise<Site> {
    try {
      return await this.sites.save(site);
    } catch (error) {
      throw isUniqueViolation(error) ? duplicateOf(site.domain) : error;
    }
  }

  async listForPublisher(publisher: User): Promise<SiteWithStats[]> {
    return this.withStats(await this.sites.find({ where: { publisherId: publisher.id, ...LIVE }, order: { id: "DESC" } }));
  }

  /** Every site, for the legacy REST list (spec section 7), which has no paging. */
  async listAll(): Promise<SiteWithStats[]> {
    return this.withStats(await this.sites.find({ where: LIVE, order: { id: "DESC" } }));
  }

  /** The admins' list: by name or domain, by status, newest first. */
  async page(input?: ListInputFields): Promise<Page<SiteWithStats>> {
    const request = listRequest(input, Object.values(SiteStatus));
    const page = await pageOf(this.sites.createQueryBuilder("site").where("site.archived_at IS NULL"), request, { search: ["site.name", "site.domain"], status: "site.status", id: "site.id" });
    return { items: await this.withStats(page.items), totalCount: page.totalCount };
  }

  async approve(id: unknown): Promise<SiteWithStats> {
    const site = await this.findById(id);
    const before = { status: site.status };
    markApproved(site, "site");
    return this.review(site, before.status, async (saved, manager) => {
      await this.audit.record({ action: AuditAction.SITE_APPROVED, target: { type: "site", id: site.id, userId: site.publisherId }, before, after: { status: saved.status } }, manager);
      await this.notify(manager, saved.publisherId, NotificationKind.SITE_APPROVED, { name: saved.name }, { about: { type: "site", id: saved.id } });
    });
  }

  async reject(id: unknown, reason: unknown): Promise<SiteWithStats> {
    const site = await this.findById(id);
    const before = { status: site.status };
    markRejected(site, reason, "site");
    return this.review(site, before.status, async (saved, manager) => {
      const after = { status: saved.status, reason: saved.rejectionReason };
      await this.audit.record({ action: AuditAction.SITE_REJECTED, target: { type: "site", id: site.id, userId: site.publisherId }, before, after }, manager);
      await this.notify(manager, saved.publisherId, NotificationKind.SITE_REJECTED, { name: saved.name, reason: saved.rejectionReason }, { about: { type: "site", id: saved.id } });
    });
  }

  /**
   * Moves a reviewed site on from the status it was read in, with its audit entry and the news of it,
   * in one transaction: of two reviews at once (or one sent twice), the one that moves it first stands.
   */
  private async review(site: Site, from: SiteStatus, record: (saved: Site, manager: EntityManager) => Promise<void>): Promise<SiteWithStats> {
    const saved = await inTransaction(this.dataSource, async (manager) => {
      const { status, rejectionReason } = site;
      await moveOnce(manager, Site, { id: site.id, status: from, ...LIVE }, { status, rejectionReason }, reviewedMeanwhile("site"));
      const saved = await manager.getRepository(Site).findOneByOrFail({ id: site.id });
      await record(saved, manager);
      return saved;
    });
    return this.single(saved);
  }

  /** The publisher's own site, or NOT_FOUND: another publisher's site is never revealed, nor a removed one. */
  async findOwned(publisher: User, id: unknown, field = "siteId"): Promise<Site> {
    const site = await this.sites.findOneBy({ id: check.positiveId(field, id), publisherId: publisher.id, ...LIVE });
    if (!site) throw new NotFoundError("Site");
    return site;
  }

  countByStatus(status: SiteStatus): Promise<number> {
    return this.sites.countBy({ status, ...LIVE });
  }

  private async findById(id: unknown): Promise<Site> {
    const site = await this.sites.findOneBy({ id: check.positiveId("id", id), ...LIVE });
    if (!site) throw new NotFoundError("Site");
    return site;
  }

  /** One site with its month's impressions, as the lists show it. */
  async single(site: Site): Promise<SiteWithStats> {
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

const duplicateOf = (domain: string) => new ConflictError(`You have already added ${domainToUnicode(domain)}`, "domain");
