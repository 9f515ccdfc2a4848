import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { bigintAsNumber } from "../../common/money";
import { Timestamped } from "../../common/timestamps";
import { User } from "../users/user.entity";
import type { AdvertiserCategory } from "./advertiser-categories";

export enum CampaignStatus {
  PENDING = "pending",
  ACTIVE = "active",
  PAUSED = "paused",
  COMPLETED = "completed",
  REJECTED = "rejected",
}

/**
 * What the advertiser pays for: a thousand impressions, a valid click, a counted conversion, a
 * thousand viewable impressions (vCPM), or a completed video view (CPCV).
 */
export enum PricingModel {
  CPM = "cpm",
  CPC = "cpc",
  CPA = "cpa",
  VCPM = "vcpm",
  CPCV = "cpcv",
}

/** Even spreads each day's allowance over the day's traffic; ASAP spends it as traffic comes. */
export enum PacingMode {
  EVEN = "even",
  ASAP = "asap",
}

/**
 * How the engine bids for a CPM campaign: its bid as it stands (fixed), or a bid per zone that the
 * learning loop sets from the predicted rates so a click or a conversion costs the target, or that
 * spends the day's allowance where conversions cost least (max conversions). The bid is then the
 * most the engine may pay per thousand impressions.
 */
export enum BidStrategy {
  FIXED = "fixed",
  TARGET_CPA = "target_cpa",
  TARGET_CPC = "target_cpc",
  MAX_CONVERSIONS = "max_conversions",
}

/**
 * The priority the decision applies before price, highest first: a sponsorship takes its share of
 * the requests it matches, a guaranteed campaign what keeps it on pace to its goal, the auction
 * competes on eCPM for the rest, and house ads fill what nothing else takes, never billed.
 */
export enum DeliveryTier {
  SPONSORSHIP = "sponsorship",
  GUARANTEED = "guaranteed",
  AUCTION = "auction",
  HOUSE = "house",
}

/** What a guaranteed campaign's goal counts. */
export enum GoalType {
  IMPRESSIONS = "impressions",
  CLICKS = "clicks",
}

/** How a campaign's creatives share its impressions. */
export enum CreativeRotation {
  EVEN = "even",
  OPTIMISED = "optimised",
}

@Entity("campaigns")
@Index("IDX_campaigns_status", ["status"])
@Index("UQ_campaigns_deal", ["dealId"], { unique: true })
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

  @Column({ name: "pricing_model", type: "varchar", length: 8, default: PricingModel.CPM })
  pricingModel: PricingModel;

  /** What one unit of the pricing model costs: a thousand impressions (CPM), a click (CPC) or a conversion (CPA). */
  @Column({ name: "bid_micros", type: "bigint", transformer: bigintAsNumber })
  bidMicros: number;

  @Column({ name: "bid_strategy", type: "varchar", length: 16, default: BidStrategy.FIXED })
  bidStrategy: BidStrategy;

  /** What a conversion should cost a target-CPA campaign; null for the other strategies. */
  @Column({ name: "target_cpa_micros", type: "bigint", nullable: true, transformer: bigintAsNumber })
  targetCpaMicros: number | null;

  /** What a click should cost a target-CPC campaign; null for the other strategies. */
  @Column({ name: "target_cpc_micros", type: "bigint", nullable: true, transformer: bigintAsNumber })
  targetCpcMicros: number | null;

  /** At most this much a day of the reporting calendar; null leaves the pacing alone to decide. */
  @Column({ name: "daily_cap_micros", type: "bigint", nullable: true, transformer: bigintAsNumber })
  dailyCapMicros: number | null;

  @Column({ type: "varchar", length: 8, default: PacingMode.EVEN })
  pacing: PacingMode;

  @Column({ type: "varchar", length: 12, default: CreativeRotation.EVEN })
  rotation: CreativeRotation;

  @Column({ type: "varchar", length: 32, default: "general" })
  category: AdvertiserCategory;

  /** Set by an admin booking it; a self-serve campaign is AUCTION. */
  @Column({ name: "delivery_tier", type: "varchar", length: 12, default: DeliveryTier.AUCTION })
  deliveryTier: DeliveryTier;

  @Column({ name: "goal_type", type: "varchar", length: 12, default: GoalType.IMPRESSIONS })
  goalType: GoalType;

  /** A guaranteed campaign's goal between its start and end dates, in goalType's unit; null for the other tiers. */
  @Column({ name: "goal_amount", type: "bigint", nullable: true, transformer: bigintAsNumber })
  goalAmount: number | null;

  /** The percentage of the requests it matches a sponsorship takes through its flight; null for the other tiers. */
  @Column({ name: "share_percent", type: "integer", nullable: true })
  sharePercent: number | null;

  /** The targeting rules as a JSON document (see the targeting module); null targets everyone. */
  @Column({ type: "text", nullable: true })
  targeting: string | null;

  /** The audiences it targets and excludes, as JSON (see targeting/rules/audiences.ts); null targets everyone. */
  @Column({ name: "audience_targeting", type: "text", nullable: true })
  audienceTargeting: string | null;

  /** The frequency caps as a JSON document (see the frequency-caps module); null caps nothing. */
  @Column({ name: "frequency_caps", type: "text", nullable: true })
  frequencyCaps: string | null;

  /** Advertiser categories whose ads may not share a page with this campaign's (see page-rules.ts); empty names none. */
  @Column({ name: "competitor_categories", type: "simple-array", nullable: true })
  competitorCategories: string[] | null;

  /** A roadblock shows in all of a page's zones it fits, at least this many, or not at all; null: it is no roadblock. */
  @Column({ name: "roadblock_zones", type: "int", nullable: true })
  roadblockZones: number | null;

  /** ISO 3166-1 alpha-2 codes; empty means everywhere. */
  @Column({ name: "target_countries", type: "simple-array" })
  targetCountries: string[];

  @Column({ name: "start_date", type: "date" })
  startDate: string;

  @Column({ name: "end_date", type: "date" })
  endDate: string;

  /** The private marketplace deal (OpenRTB imp.pmp.deals) it is sold through, at its fixed price, and only through it; null for the open auction. */
  @Column({ name: "deal_id", type: "varchar", length: 64, nullable: true })
  dealId: string | null;

  @Column({ type: "varchar", length: 16, default: CampaignStatus.PENDING })
  status: CampaignStatus;

  @Column({ name: "rejection_reason", type: "varchar", length: 500, nullable: true })
  rejectionReason: string | null;

  /** Set when the advertiser archives the campaign: it leaves their lists, and stays in reports and statements. */
  @Column({ name: "archived_at", type: "datetime", nullable: true })
  archivedAt: Date | null;
}
