import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { Campaign } from "../campaigns/campaign.entity";
import { AdZone } from "../zones/ad-zone.entity";

/** Excluded: the campaign serves nowhere in the zone. Kept: its advertiser undid the exclusion, which holds for UNDO_HOLDS_DAYS. */
export enum ExclusionState {
  EXCLUDED = "excluded",
  KEPT = "kept",
}

/** A zone placement optimisation took a goal campaign out of, one row per campaign and zone, with the figures that decided it. */
@Entity("placement_exclusions")
export class PlacementExclusion {
  @PrimaryColumn({ name: "campaign_id", type: "integer" })
  campaignId: number;

  @ManyToOne(() => Campaign, { onDelete: "CASCADE" })
  @JoinColumn({ name: "campaign_id", foreignKeyConstraintName: "FK_placement_exclusions_campaign" })
  campaign?: Campaign;

  @PrimaryColumn({ name: "zone_id", type: "integer" })
  zoneId: number;

  @ManyToOne(() => AdZone, { onDelete: "CASCADE" })
  @JoinColumn({ name: "zone_id", foreignKeyConstraintName: "FK_placement_exclusions_zone" })
  zone?: AdZone;

  @Column({ type: "varchar", length: 12 })
  state: ExclusionState;

  /** The rule's verdict in words (see placement-rule). */
  @Column({ type: "varchar", length: 500 })
  reason: string;

  @Column({ type: "integer" })
  impressions: number;

  /** The goal's units counted in the zone when it was excluded. */
  @Column({ type: "integer" })
  results: number;

  @Column({ name: "excluded_at", type: "datetime", precision: 3 })
  excludedAt: Date;

  @Column({ name: "undone_at", type: "datetime", precision: 3, nullable: true })
  undoneAt: Date | null;
}
