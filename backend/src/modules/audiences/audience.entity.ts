import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { Timestamped } from "../../common/timestamps";
import { User } from "../users/user.entity";
import type { AudienceRule } from "./audience-rules";

/**
 * A group of visitors an advertiser builds from their own site's audience pixel: those who visited
 * it, visited a page matching a pattern, or converted, within the last `windowDays`. Who belongs is
 * never stored here: each visitor's memberships travel in their own signed cookie (see memberships.ts).
 */
@Entity("audiences")
@Index("IDX_audiences_advertiser", ["advertiserId"])
export class Audience extends Timestamped {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "advertiser_id", type: "integer" })
  advertiserId: number;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "advertiser_id", foreignKeyConstraintName: "FK_audiences_advertiser" })
  advertiser?: User;

  @Column({ type: "varchar", length: 120 })
  name: string;

  @Column({ type: "varchar", length: 16 })
  rule: AudienceRule;

  /** The visited_page rule's pattern: text the page's address contains, `*` standing for any run of characters. */
  @Column({ name: "page_pattern", type: "varchar", length: 500, nullable: true })
  pagePattern: string | null;

  @Column({ name: "window_days", type: "integer" })
  windowDays: number;

  /** The advertiser's own domains (and their subdomains) the pixel may fire from. */
  @Column({ name: "site_domains", type: "simple-array" })
  siteDomains: string[];

  /** Set when the advertiser deletes the audience: memberships of it no longer match, and campaigns may no longer use it. */
  @Column({ name: "archived_at", type: "datetime", nullable: true })
  archivedAt: Date | null;
}
