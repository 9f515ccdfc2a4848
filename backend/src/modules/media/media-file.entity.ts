import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";
import { User } from "../users/user.entity";

export type MediaKind = "image" | "video";

/** A smaller encoding of a hosted video, made after the upload; its file is content-addressed like the original's. */
export interface StoredRendition {
  file: string;
  mimeType: string;
  width: number;
  height: number;
  bitrateKbps: number;
}

/** Whether a video still waits for its smaller rendition: `pending` ones are found again at start. */
export type RenditionStatus = "none" | "pending" | "done" | "failed";

/**
 * An advertiser's uploaded file, as decoding it found it. The bytes live in the media storage under
 * `file` (`<sha256>.<ext>`); two advertisers uploading the same bytes share the file, not the row.
 * Rows are never deleted: creatives point at them.
 */
@Entity("media_files")
@Index("UQ_media_files_owner_hash", ["advertiserId", "sha256"], { unique: true })
@Index("IDX_media_files_rendition_status", ["renditionStatus"])
export class MediaFile {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "advertiser_id", type: "integer" })
  advertiserId: number;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "advertiser_id", foreignKeyConstraintName: "FK_media_files_advertiser" })
  advertiser?: User;

  @Column({ type: "varchar", length: 64 })
  sha256: string;

  /** The stored name, `<sha256>.<ext>`, the extension from the decoded type. */
  @Column({ type: "varchar", length: 80 })
  file: string;

  @Column({ type: "varchar", length: 8 })
  kind: MediaKind;

  @Column({ name: "mime_type", type: "varchar", length: 32 })
  mimeType: string;

  @Column({ type: "integer" })
  bytes: number;

  @Column({ type: "integer" })
  width: number;

  @Column({ type: "integer" })
  height: number;

  @Column({ name: "duration_ms", type: "integer", nullable: true })
  durationMs: number | null;

  @Column({ name: "bitrate_kbps", type: "integer", nullable: true })
  bitrateKbps: number | null;

  @Column({ type: "simple-json", nullable: true })
  renditions: StoredRendition[] | null;

  @Column({ name: "rendition_status", type: "varchar", length: 8, default: "none" })
  renditionStatus: RenditionStatus;

  @CreateDateColumn({ name: "created_at" })
  createdAt: Date;

  /** Moves when a rendition is added, which the ad server's catalogue fingerprint watches. */
  @UpdateDateColumn({ name: "updated_at" })
  updatedAt: Date;
}
