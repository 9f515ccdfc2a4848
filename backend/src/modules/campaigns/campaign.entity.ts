import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { bigintAsNumber } from "../../common/money";
import { Timestamped } from "../../common/timestamps";
import { User } from "../users/user.entity";

export enum CampaignStatus {
  PENDING = "pending",
  ACTIVE = "active",
  PAUSED = "paused",
  COMPLETED = "completed",
  REJECTED = "rejected",
}

@Entity("campaigns")
@Index("IDX_campaigns_status", ["status"])
export class Campaign extends Timestamped {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "advertiser_id", type: "integer" })
  advertiserId: number;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "advertiser_id", foreignKeyConstraintName: "FK_campaigns_advertiser" })
  advertiser?: User;

  @Column({ type: "varchar", length: 120 })
  name: string;

  @Column({ name: "budget_micros", type: "bigint", transformer: bigintAsNumber })
  budgetMicros: number;

  @Column({ name: "cpm_micros", type: "bigint", transformer: bigintAsNumber })
  cpmMicros: number;

  /** ISO 3166-1 alpha-2 codes; empty means everywhere. */
  @Column({ name: "target_countries", type: "simple-array" })
  targetCountries: string[];

  @Column({ name: "start_date", type: "date" })
  startDate: string;

  @Column({ name: "end_date", type: "date" })
  endDate: string;

  @Column({ type: "varchar", length: 16, default: CampaignStatus.PENDING })
  status: CampaignStatus;

  @Column({ name: "rejection_reason", type: "varchar", length: 500, nullable: true })
  rejectionReason: string | null;
}
