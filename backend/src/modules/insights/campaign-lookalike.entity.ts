import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { Campaign } from "../campaigns/campaign.entity";
import type { LookalikePlace } from "./lookalike";

/** The lookalike a campaign's targeting was last built from: one a campaign, rebuilt in place. */
@Entity("campaign_lookalikes")
export class CampaignLookalike {
  @PrimaryColumn({ name: "campaign_id", type: "integer" })
  campaignId: number;

  @ManyToOne(() => Campaign, { onDelete: "CASCADE" })
  @JoinColumn({ name: "campaign_id", foreignKeyConstraintName: "FK_campaign_lookalikes_campaign" })
  campaign?: Campaign;

  @Column({ name: "audience_id", type: "integer" })
  audienceId: number;

  @Column({ name: "built_at", type: "datetime" })
  builtAt: Date;

  /** The days of the audience's history it was read from, up to the day it was built. */
  @Column({ name: "history_days", type: "integer" })
  historyDays: number;

  /** The places it targets, with the index and volume each was chosen on. */
  @Column({ type: "simple-json" })
  places: LookalikePlace[];

  /** The requests a day its targeting matched in that history. */
  @Column({ name: "requests_per_day", type: "integer" })
  requestsPerDay: number;
}
