import { Column, Entity, Index, PrimaryGeneratedColumn } from "typeorm";

/** Counted impressions per hour and consent state (see modules/consent): what the network served under each. */
@Entity("consent_impressions")
@Index("UQ_consent_impressions_key", ["hour", "state"], { unique: true })
export class ConsentImpressions {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "datetime" })
  hour: Date;

  /** gdpr_consented, gdpr_no_consent, not_applicable or opted_out. */
  @Column({ type: "varchar", length: 16 })
  state: string;

  @Column({ type: "integer", default: 0 })
  impressions: number;
}
