import { Column, Entity, Index, PrimaryGeneratedColumn } from "typeorm";

/** Events the ad server refused to bill, counted per hour, zone, campaign, event and reason. */
@Entity("invalid_traffic")
@Index("UQ_invalid_traffic_key", ["hour", "zoneId", "campaignId", "event", "reason"], { unique: true })
export class InvalidTraffic {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "datetime" })
  hour: Date;

  @Column({ name: "zone_id", type: "integer" })
  zoneId: number;

  /** 0 when the event never reached a campaign (a refused ad request). */
  @Column({ name: "campaign_id", type: "integer" })
  campaignId: number;

  /** request, impression, click or conversion. */
  @Column({ type: "varchar", length: 16 })
  event: string;

  @Column({ type: "varchar", length: 32 })
  reason: string;

  @Column({ type: "integer", default: 0 })
  count: number;
}
