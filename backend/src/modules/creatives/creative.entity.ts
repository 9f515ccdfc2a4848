import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { Timestamped } from "../../common/timestamps";
import { Campaign } from "../campaigns/campaign.entity";
import type { NativeFields } from "./native-fields";

export const CREATIVE_TYPES = ["image", "video", "html", "native"] as const;
export type CreativeType = (typeof CREATIVE_TYPES)[number];

/** Each type in the words the screens use. */
export const CREATIVE_TYPE_LABELS: Record<CreativeType, string> = { image: "Image", video: "Video", html: "HTML", native: "Native" };

export enum CreativeStatus {
  PENDING = "pending",
  APPROVED = "approved",
  REJECTED = "rejected",
}

@Entity("creatives")
@Index("IDX_creatives_status", ["status"])
@Index("IDX_creatives_media", ["mediaId"])
export class Creative extends Timestamped {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "campaign_id", type: "integer" })
  campaignId: number;

  @ManyToOne(() => Campaign, { onDelete: "CASCADE" })
  @JoinColumn({ name: "campaign_id", foreignKeyConstraintName: "FK_creatives_campaign" })
  campaign?: Campaign;

  @Column({ type: "varchar", length: 120 })
  name: string;

  @Column({ type: "varchar", length: 16 })
  type: CreativeType;

  /** An external URL, or for an uploaded file the path the app serves it at (`/media/<sha256>.<ext>`). */
  @Column({ name: "content_url", type: "varchar", length: 2048 })
  contentUrl: string;

  /** The uploaded file the creative shows, when it is hosted here rather than at a URL. */
  @Column({ name: "media_id", type: "integer", nullable: true })
  mediaId: number | null;

  /** The landing page a click on the ad leads to; the legacy upload form has no such field. */
  @Column({ name: "click_url", type: "varchar", length: 2048, nullable: true })
  clickUrl: string | null;

  /** A native creative's texts and logo; its picture is contentUrl. Null for every other type. */
  @Column({ name: "native_fields", type: "simple-json", nullable: true })
  nativeFields: NativeFields | null;

  @Column({ type: "integer" })
  width: number;

  @Column({ type: "integer" })
  height: number;

  /** A video given by URL plays this long, as its advertiser says; VAST players need it. */
  @Column({ name: "duration_ms", type: "integer", nullable: true })
  durationMs: number | null;

  /** A video a player may let its viewer skip after so many seconds (VAST's skipoffset); null: not skippable, and for every other type. */
  @Column({ name: "skip_after_seconds", type: "integer", nullable: true })
  skipAfterSeconds: number | null;

  /** An image or HTML banner that opens to this size over the page on the visitor's click; null for one that does not expand (see creative-fields.ts). */
  @Column({ name: "expanded_width", type: "integer", nullable: true })
  expandedWidth: number | null;

  @Column({ name: "expanded_height", type: "integer", nullable: true })
  expandedHeight: number | null;

  /** Every new or changed creative waits for review before it can serve. */
  @Column({ type: "varchar", length: 16, default: CreativeStatus.PENDING })
  status: CreativeStatus;

  @Column({ name: "rejection_reason", type: "varchar", length: 500, nullable: true })
  rejectionReason: string | null;

  /** Set when its advertiser archives it (or null while live): it never serves again and leaves every list and queue, and stays in reports. */
  @Column({ name: "archived_at", type: "datetime", nullable: true })
  archivedAt: Date | null;
}
