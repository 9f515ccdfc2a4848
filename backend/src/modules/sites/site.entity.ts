import { Column, Entity, Index, ManyToOne, JoinColumn, PrimaryGeneratedColumn } from "typeorm";
import { Timestamped } from "../../common/timestamps";
import { User } from "../users/user.entity";
import type { AdvertiserCategory } from "../campaigns/advertiser-categories";
import type { SiteCategory } from "../targeting/site-categories";
import type { AdsTxtStatus } from "./ads-txt-status";


export enum SiteStatus {
  PENDING = "pending",
  APPROVED = "approved",
  REJECTED = "rejected",
}

/** Only an approved site may hold ad zones: the zone form offers these, and creating a zone checks it. */
export const acceptsZones = (site: { status: SiteStatus }): boolean => site.status === SiteStatus.APPROVED;

@Entity("sites")
@Index("UQ_sites_publisher_domain", ["publisherId", "domain"], { unique: true })
@Index("IDX_sites_status", ["status"])
export class Site extends Timestamped {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "publisher_id", type: "integer" })
  publisherId: number;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "publisher_id", foreignKeyConstraintName: "FK_sites_publisher" })
  publisher?: User;

  @Column({ type: "varchar", length: 120 })
  name: string;

  @Column({ type: "varchar", length: 253 })
  domain: string;

  @Column({ type: "varchar", length: 32 })
  category: SiteCategory;

  @Column({ type: "varchar", length: 2000 })
  description: string;

  @Column({ type: "varchar", length: 16, default: SiteStatus.PENDING })
  status: SiteStatus;

  /** Set when an admin rejects the site; the publisher sees it on the card. */
  @Column({ name: "rejection_reason", type: "varchar", length: 500, nullable: true })
  rejectionReason: string | null;

  /** Advertiser categories the publisher refuses on this site. */
  @Column({ name: "blocked_categories", type: "simple-array", nullable: true })
  blockedCategories: AdvertiserCategory[] | null;

  /** Landing domains (and their subdomains) the publisher refuses on this site. */
  @Column({ name: "blocked_domains", type: "simple-array", nullable: true })
  blockedDomains: string[] | null;

  /** Set when the publisher removes the site: it leaves their lists and delivery, and stays in reports. */
  @Column({ name: "archived_at", type: "datetime", nullable: true })
  archivedAt: Date | null;

  /** The last ads.txt check's outcome; null until the site is first checked (after its approval). */
  @Column({ name: "ads_txt_status", type: "varchar", length: 16, nullable: true })
  adsTxtStatus: AdsTxtStatus | null;

  @Column({ name: "ads_txt_checked_at", type: "datetime", nullable: true })
  adsTxtCheckedAt: Date | null;

  /** Where the file was read and why the line counts or not, for the publisher to act on. */
  @Column({ name: "ads_txt_reason", type: "varchar", length: 500, nullable: true })
  adsTxtReason: string | null;
}
