import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import { bigintAsNumber } from "../../common/money";
import type { Grain } from "./grains";
import type { FactScope } from "./facts";

/**
 * The read model of counted events: totals per scope (the network, a country, a publisher and its
 * sites, zones and countries, an advertiser and its campaigns, creatives, countries and sites, a
 * campaign's zones) and
 * period, moved by the same transaction that writes the events, so they are exact and live.
 * Dashboards and reports read a few of these rows instead of summing counted events, and
 * by owner, so a user's breakdown needs no join. Counters are BIGINT: the network's month passes
 * 2^31 impressions.
 */
@Entity("stat_facts")
@Index("IDX_stat_facts_owner", ["scope", "ownerId", "grain", "period"])
@Index("IDX_stat_facts_age", ["grain", "period", "scope"])
export class StatFact {
  @PrimaryColumn({ type: "varchar", length: 12 })
  scope: FactScope;

  /** The publisher of a site, zone or publisher's country; the advertiser of a campaign, creative or advertiser's country or site; the campaign of a campaign's zone; else 0. */
  @PrimaryColumn({ name: "owner_id", type: "integer" })
  ownerId: number;

  /** The id of what the scope names; a country as `countryNumber` of its code. */
  @PrimaryColumn({ name: "scope_id", type: "integer" })
  scopeId: number;

  @PrimaryColumn({ type: "varchar", length: 1 })
  grain: Grain;

  /** Start of the period: a UTC hour, or a day or month of the reporting calendar. */
  @PrimaryColumn({ type: "datetime" })
  period: Date;

  @Column({ type: "bigint", default: 0, transformer: bigintAsNumber })
  requests: number;

  @Column({ name: "filled_requests", type: "bigint", default: 0, transformer: bigintAsNumber })
  filledRequests: number;

  @Column({ type: "bigint", default: 0, transformer: bigintAsNumber })
  impressions: number;

  @Column({ type: "bigint", default: 0, transformer: bigintAsNumber })
  clicks: number;

  @Column({ type: "bigint", default: 0, transformer: bigintAsNumber })
  conversions: number;

  @Column({ name: "spend_micros", type: "bigint", default: 0, transformer: bigintAsNumber })
  spendMicros: number;

  @Column({ name: "revenue_micros", type: "bigint", default: 0, transformer: bigintAsNumber })
  revenueMicros: number;

  /** Impressions the tag could measure, and how they were seen and played: see reports/measurement.ts. */
  @Column({ type: "bigint", default: 0, transformer: bigintAsNumber })
  measured: number;

  @Column({ type: "bigint", default: 0, transformer: bigintAsNumber })
  viewable: number;

  @Column({ name: "video_starts", type: "bigint", default: 0, transformer: bigintAsNumber })
  videoStarts: number;

  @Column({ name: "first_quartiles", type: "bigint", default: 0, transformer: bigintAsNumber })
  firstQuartiles: number;

  @Column({ type: "bigint", default: 0, transformer: bigintAsNumber })
  midpoints: number;

  @Column({ name: "third_quartiles", type: "bigint", default: 0, transformer: bigintAsNumber })
  thirdQuartiles: number;

  @Column({ type: "bigint", default: 0, transformer: bigintAsNumber })
  completes: number;

  @Column({ type: "bigint", default: 0, transformer: bigintAsNumber })
  expansions: number;

  /** Header bidding: bid requests, AdNet's bids and the impressions won. */
  @Column({ name: "bid_requests", type: "bigint", default: 0, transformer: bigintAsNumber })
  bidRequests: number;

  @Column({ type: "bigint", default: 0, transformer: bigintAsNumber })
  bids: number;

  @Column({ type: "bigint", default: 0, transformer: bigintAsNumber })
  wins: number;

  @Column({ type: "bigint", default: 0, transformer: bigintAsNumber })
  losses: number;

  @Column({ name: "loss_price_micros", type: "bigint", default: 0, transformer: bigintAsNumber })
  lossPriceMicros: number;
}
