import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { Campaign } from "../campaigns/campaign.entity";
import { bigintAsNumber } from "../../common/money";

/**
 * A guaranteed or sponsorship campaign as an admin booked it for an advertiser: what was available
 * for its targeting and dates at that moment, and whether the admin booked it over that (flagged on
 * the campaign's screens and in its history).
 */
@Entity("insertion_orders")
export class InsertionOrder {
  @PrimaryColumn({ name: "campaign_id", type: "integer" })
  campaignId: number;

  @ManyToOne(() => Campaign, { onDelete: "CASCADE" })
  @JoinColumn({ name: "campaign_id", foreignKeyConstraintName: "FK_insertion_orders_campaign" })
  campaign?: Campaign;

  @Column({ name: "booked_by", type: "integer" })
  bookedBy: number;

  /** Impressions available to it when booked, net of what was booked before it on the same inventory. */
  @Column({ name: "available_impressions", type: "bigint", transformer: bigintAsNumber })
  availableImpressions: number;

  /** Booked with a goal above its availability: the admin ticked overrideAvailability. */
  @Column({ type: "boolean" })
  overridden: boolean;

  @Column({ name: "booked_at", type: "datetime", precision: 3 })
  bookedAt: Date;
}
