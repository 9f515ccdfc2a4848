import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import { bigintAsNumber } from "../../../common/money";

/** One counted click, kept so a conversion pixel can credit the click that led to it. */
@Entity("ad_clicks")
@Index("IDX_ad_clicks_campaign", ["campaignId", "clickedAt"])
export class AdClick {
  @PrimaryColumn({ type: "varchar", length: 32 })
  id: string;

  @Column({ name: "campaign_id", type: "integer" })
  campaignId: number;

  @Column({ name: "zone_id", type: "integer" })
  zoneId: number;

  @Column({ name: "creative_id", type: "integer" })
  creativeId: number;

  @Column({ type: "varchar", length: 2 })
  country: string;

  @Column({ name: "clicked_at", type: "datetime" })
  clickedAt: Date;

  @Column({ name: "converted_at", type: "datetime", nullable: true })
  convertedAt: Date | null;

  /** What the click's conversion is charged: the bid of a CPA offer when it was served, else 0. */
  @Column({ name: "conversion_price_micros", type: "bigint", default: 0, transformer: bigintAsNumber })
  conversionPriceMicros: number;
}
