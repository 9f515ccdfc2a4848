import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { bigintAsNumber } from "../../common/money";
import { Timestamped } from "../../common/timestamps";
import { Site } from "../sites/site.entity";
import type { HouseItem } from "./content-recommendation";
import { BREAK_DEFAULTS, STORED_OFFSETS } from "./ad-breaks";

export const ZONE_FORMATS = ["banner", "video", "native"] as const;
export type ZoneFormat = (typeof ZONE_FORMATS)[number];

/**
 * How the zone shows its ad: in the page's flow, as a full-screen interstitial, anchored to the
 * bottom of the viewport, floating in a corner, or pushing the page down from its top.
 */
export const ZONE_PRESENTATIONS = ["inline", "interstitial", "sticky", "floating", "pushdown"] as const;
export type ZonePresentation = (typeof ZONE_PRESENTATIONS)[number];

/** How a content recommendation zone lays out its several ads: side by side in rows, or one under another. */
export const ZONE_LAYOUTS = ["grid", "list"] as const;
export type ZoneLayout = (typeof ZONE_LAYOUTS)[number];

export const ZONE_POSITIONS = ["header", "sidebar", "footer", "content"] as const;
export type ZonePosition = (typeof ZONE_POSITIONS)[number];

@Entity("ad_zones")
export class AdZone extends Timestamped {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "site_id", type: "integer" })
  siteId: number;

  @ManyToOne(() => Site, { onDelete: "CASCADE" })
  @JoinColumn({ name: "site_id", foreignKeyConstraintName: "FK_ad_zones_site" })
  site?: Site;

  @Column({ type: "varchar", length: 120 })
  name: string;

  @Column({ type: "integer" })
  width: number;

  @Column({ type: "integer" })
  height: number;

  @Column({ type: "varchar", length: 16 })
  format: ZoneFormat;

  @Column({ type: "varchar", length: 16 })
  position: ZonePosition;

  @Column({ type: "varchar", length: 16, default: "inline" })
  presentation: ZonePresentation;

  /** A native zone's own markup for its ads (see native-template.ts); null draws the default card. */
  @Column({ name: "native_template", type: "text", nullable: true })
  nativeTemplate: string | null;

  /** How many ads a native zone shows at once (see content-recommendation.ts); 1 for every other zone. */
  @Column({ name: "ad_count", type: "integer", default: 1 })
  adCount: number;

  @Column({ type: "varchar", length: 16, default: "grid" })
  layout: ZoneLayout;

  /** The publisher's own articles for the slots paid ads leave; null: none. */
  @Column({ name: "house_items", type: "simple-json", nullable: true })
  houseItems: HouseItem[] | null;

  /** No ad pays the publisher less than this per thousand impressions; 0 takes any price. */
  @Column({ name: "floor_micros", type: "bigint", default: 0, transformer: bigintAsNumber })
  floorMicros: number;

  /** A video zone's pod: at most so many ads a break (see ad-breaks.ts). */
  @Column({ name: "pod_size", type: "integer", default: BREAK_DEFAULTS.podSize })
  podSize: number;

  /** A video zone's break: its ads together play at most so many seconds. */
  @Column({ name: "break_seconds", type: "integer", default: BREAK_DEFAULTS.breakSeconds })
  breakSeconds: number;

  /** A video zone's mid-rolls, in seconds into the content, rising; empty for none. */
  @Column({ name: "midroll_offsets", type: "varchar", length: 255, default: "", transformer: STORED_OFFSETS })
  midrollOffsets: number[];

  /** Set when the publisher removes the zone (or its site): its tag stops filling, and it stays in reports. */
  @Column({ name: "archived_at", type: "datetime", nullable: true })
  archivedAt: Date | null;
}
