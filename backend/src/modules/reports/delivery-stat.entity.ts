import { Column, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { bigintAsNumber } from "../../common/money";

/**
 * Counted ad events, aggregated per hour, zone, campaign, creative and country. Requests a zone
 * could not fill are kept on rows with campaign and creative 0, so fill rate is a plain sum.
 */
@Entity("delivery_stats")
@Index("UQ_delivery_stats_key", ["hour", "zoneId", "campaignId", "creativeId", "country"], { unique: true })
@Index("IDX_delivery_stats_campaign_hour", ["campaignId", "hour"])
export class DeliveryStat {
  @PrimaryGeneratedColumn()
  id: number;

  /** Start of the UTC hour. */
  @Column({ type: "datetime" })
  hour: Date;

  @Column({ name: "zone_id", type: "integer" })
  zoneId: number;

  @Column({ name: "campaign_id", type: "integer" })
  campaignId: number;

  @Column({ name: "creative_id", type: "integer" })
  creativeId: number;

  /** ISO 3166-1 alpha-2, or `XX` when unknown. */
  @Column({ type: "varchar", length: 2 })
  country: string;

  @Column({ type: "integer", default: 0 })
  requests: number;

  @Column({ type: "integer", default: 0 })
  impressions: number;

  @Column({ type: "integer", default: 0 })
  clicks: number;

  @Column({ type: "integer", default: 0 })
  conversions: number;

  @Column({ name: "spend_micros", type: "bigint", default: 0, transformer: bigintAsNumber })
  spendMicros: number;

  @Column({ name: "revenue_micros", type: "bigint", default: 0, transformer: bigintAsNumber })
  revenueMicros: number;

  /** Impressions the tag could measure, and how they were seen and played: see reports/measurement.ts. */
  @Column({ type: "integer", default: 0 })
  measured: number;

  @Column({ type: "integer", default: 0 })
  viewable: number;

  @Column({ name: "video_starts", type: "integer", default: 0 })
  videoStarts: number;

  @Column({ name: "first_quartiles", type: "integer", default: 0 })
  firstQuartiles: number;

  @Column({ type: "integer", default: 0 })
  midpoints: number;

  @Column({ name: "third_quartiles", type: "integer", default: 0 })
  thirdQuartiles: number;

  @Column({ type: "integer", default: 0 })
  completes: number;

  /** Requests that came as bids asked for (OpenRTB), those AdNet bid on, and the impressions it won. */
  @Column({ name: "bid_requests", type: "integer", default: 0 })
  bidRequests: number;

  @Column({ type: "integer", default: 0 })
  bids: number;

  @Column({ type: "integer", default: 0 })
  wins: number;

  @Column({ type: "integer", default: 0 })
  losses: number;

  @Column({ name: "loss_price_micros", type: "bigint", default: 0, transformer: bigintAsNumber })
  lossPriceMicros: number;
}
