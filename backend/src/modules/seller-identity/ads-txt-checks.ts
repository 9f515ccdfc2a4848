import { And, DataSource, IsNull, LessThan, Like, Not, Repository } from "typeorm";
import type { SellerIdentityConfig } from "../../config";
import { ConflictError, NotFoundError, RateLimitedError } from "../../common/errors";
import { inTransaction } from "../../common/transaction";
import * as check from "../../common/validate";
import { Role } from "../../auth/roles";
import type { ScheduledJob } from "../scheduler/scheduler";
import { Site, SiteStatus } from "../sites/site.entity";
import type { User } from "../users/user.entity";
import { writeWebhookEvent } from "../webhooks/webhook-outbox";
import { AdsTxtCrawler, type AdsTxtOutcome } from "./ads-txt-crawler";
import type { SafeFetchOptions } from "../../outbound/safe-fetch";

const DAY_MS = 24 * 60 * 60_000;
/** A person may ask for a check this soon after the last one, so the button cannot make the network hammer a site. */
export const RECHECK_AFTER_MS = 60_000;
/** Sites checked per scheduler tick, so one tick never outlasts its lease on a large network. */
const SITES_PER_TICK = 50;

export const ADS_TXT_JOB = "ads-txt-crawl";

/**
 * Top-level names reserved never to resolve (RFC 2606), such as the demo's sites: the daily job
 * leaves their last check as it stands, since fetching them again can only fail to resolve.
 */
const RESERVED_TOP_LEVEL = [".example", ".invalid", ".test"];
const notReserved = () => And(...RESERVED_TOP_LEVEL.map((suffix) => Not(Like(`%${suffix}`))));

/** The seller id of a publisher: the same in their ads.txt line and in sellers.json, and never changing. */
export const sellerIdOf = (publisherId: number): string => String(publisherId);

/** Each publisher's ads.txt line, and the checks that the line is on their approved sites. */
export class AdsTxtChecks {
  private readonly sites: Repository<Site>;
  private readonly crawler: AdsTxtCrawler;
  /** Checks started by approvals and not yet finished, so a caller (or a test) can wait for them. */
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: SellerIdentityConfig,
    fetchOptions: Omit<SafeFetchOptions, "maxBytes" | "timeoutMs">,
  ) {
    this.sites = dataSource.getRepository(Site);
    this.crawler = new AdsTxtCrawler({ ...fetchOptions, maxBytes: config.fetchMaxBytes, timeoutMs: config.fetchTimeoutMs });
  }

  lineFor(publisherId: number): string {
    const { networkDomain, certificationAuthorityId } = this.config;
    return [networkDomain, sellerIdOf(publisherId), "DIRECT", ...(certificationAuthorityId ? [certificationAuthorityId] : [])].join(", ");
  }

  /** Starts the first check of a newly approved site without holding up the admin's answer; the daily job catches any it misses. */
  afterApproval(site: Site): void {
    const checking = this.checkAndStore(site).catch(() => undefined);
    this.running.add(checking);
    void checking.finally(() => this.running.delete(checking));
  }

  async settled(): Promise<void> {
    await Promise.all([...this.running]);
  }

  /** The re-check button: the publisher on their own approved site, or an admin on any; at most once a minute per site. */
  async recheck(actor: User, siteId: unknown): Promise<Site> {
    const id = check.positiveId("siteId", siteId);
    const site = await this.sites.findOneBy({ id, archivedAt: IsNull(), ...(actor.role === Role.ADMIN ? {} : { publisherId: actor.id }) });
    if (!site) throw new NotFoundError("Site");
    if (site.status !== SiteStatus.APPROVED) throw new ConflictError("Only an approved site's ads.txt is checked");
    const waitMs = (site.adsTxtCheckedAt?.getTime() ?? 0) + RECHECK_AFTER_MS - Date.now();
    if (waitMs > 0) throw new RateLimitedError(`This site's ads.txt was checked moments ago. Try again in ${Math.ceil(waitMs / 1000)} seconds.`);
    return this.checkAndStore(site);
  }

  /** Every approved site not checked in the last day (reserved names aside), a batch per tick, oldest check first. */
  job(): ScheduledJob {
    return {
      name: ADS_TXT_JOB,
      run: async ({ nowMs, stillHeld }) => {
        const due = await this.sites.find({
          where: [
            { status: SiteStatus.APPROVED, archivedAt: IsNull(), domain: notReserved(), adsTxtCheckedAt: IsNull() },
            { status: SiteStatus.APPROVED, archivedAt: IsNull(), domain: notReserved(), adsTxtCheckedAt: LessThan(new Date(nowMs - DAY_MS)) },
          ],
          order: { adsTxtCheckedAt: "ASC", id: "ASC" },
          take: SITES_PER_TICK,
        });
        for (const site of due) {
          if (!stillHeld()) return;
          await this.checkAndStore(site);
        }
      },
    };
  }

  /** Stores the check's outcome and, when it moves the site's status (the first check's included), the webhook event with it. */
  private async checkAndStore(site: Site): Promise<Site> {
    const outcome: AdsTxtOutcome = await this.crawler.check(site.domain, { domain: this.config.networkDomain, accountId: sellerIdOf(site.publisherId) });
    const fields = { adsTxtStatus: outcome.status, adsTxtReason: outcome.reason.slice(0, 500), adsTxtCheckedAt: new Date() };
    await inTransaction(this.dataSource, async (manager) => {
      const sites = manager.getRepository(Site);
      const stored = await sites.findOne({ select: { id: true, adsTxtStatus: true }, where: { id: site.id } });
      if (!stored) return;
      // An update of these columns alone, so an edit the publisher saves meanwhile is not overwritten.
      await sites.update({ id: site.id }, fields);
      if (stored.adsTxtStatus === fields.adsTxtStatus) return;
      const object = { type: "site", id: site.id, domain: site.domain, status: fields.adsTxtStatus, previousStatus: stored.adsTxtStatus, reason: fields.adsTxtReason };
      await writeWebhookEvent(manager, site.publisherId, "ads_txt.status_changed", object, { nowMs: fields.adsTxtCheckedAt.getTime() });
    });
    return Object.assign(site, fields);
  }
}
