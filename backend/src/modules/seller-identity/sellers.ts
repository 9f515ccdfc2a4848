import { DataSource, Repository } from "typeorm";
import type { SellerIdentityConfig } from "../../config";
import { Site, SiteStatus } from "../sites/site.entity";
import { User } from "../users/user.entity";
import { sellerIdOf } from "./ads-txt-checks";
import { rootDomainOf } from "../sites/root-domain";
import { AccountStatus } from "../users/account-status";

/** One seller of IAB sellers.json 1.0: named with a domain, or confidential with neither. */
export type SellerEntry =
  | { seller_id: string; seller_type: "PUBLISHER"; name: string; domain: string }
  | { seller_id: string; seller_type: "PUBLISHER"; is_confidential: 1 };

export interface SellersDocument {
  contact_email?: string;
  contact_address: string;
  version: "1.0";
  sellers: SellerEntry[];
}

/** How long the document is kept before it is built again: buyers' crawlers see a change within this. */
export const SELLERS_CACHE_MS = 60_000;

/** The network's sellers.json, and each publisher's choice to be listed there by name or as confidential. */
export class Sellers {
  private readonly users: Repository<User>;
  private cached: { document: SellersDocument; builtAt: number } | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: SellerIdentityConfig,
  ) {
    this.users = dataSource.getRepository(User);
  }

  async setConfidential(publisher: User, confidential: boolean): Promise<User> {
    await this.users.update({ id: publisher.id }, { sellerConfidential: confidential });
    this.cached = null;
    return Object.assign(publisher, { sellerConfidential: confidential });
  }

  async document(nowMs = Date.now()): Promise<SellersDocument> {
    if (!this.cached || nowMs - this.cached.builtAt >= SELLERS_CACHE_MS) this.cached = { document: await this.build(), builtAt: nowMs };
    return this.cached.document;
  }

  /**
   * Every active publisher with a live approved site, in seller id order. A publisher's domain is the root
   * domain of their first approved site: sellers.json has one domain per seller, the business's own.
   */
  private async build(): Promise<SellersDocument> {
    const rows: { id: number | string; name: string; confidential: number | string | boolean; domain: string }[] = await this.dataSource
      .getRepository(Site)
      .createQueryBuilder("s")
      .innerJoin(User, "u", "u.id = s.publisher_id")
      .select(["u.id AS id", "u.full_name AS name", "u.seller_confidential AS confidential", "MIN(s.domain) AS domain"])
      .where("s.status = :approved AND s.archived_at IS NULL AND u.status = :active", { approved: SiteStatus.APPROVED, active: AccountStatus.ACTIVE })
      .groupBy("u.id")
      .addGroupBy("u.full_name")
      .addGroupBy("u.seller_confidential")
      .orderBy("u.id", "ASC")
      .getRawMany();
    const { contactEmail, contactAddress } = this.config;
    return {
      ...(contactEmail ? { contact_email: contactEmail } : {}),
      contact_address: contactAddress,
      version: "1.0",
      sellers: rows.map((row) => {
        const seller_id = sellerIdOf(Number(row.id));
        return Number(row.confidential) === 1 || row.confidential === true
          ? { seller_id, seller_type: "PUBLISHER", is_confidential: 1 }
          : { seller_id, seller_type: "PUBLISHER", name: row.name, domain: rootDomainOf(row.domain) };
      }),
    };
  }
}
