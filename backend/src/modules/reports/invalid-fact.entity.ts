import { Column, Entity, PrimaryColumn } from "typeorm";
import { bigintAsNumber } from "../../common/money";
import type { Grain } from "./grains";

/** Refused events across the network per kind, reason and period: the traffic quality read model. */
@Entity("invalid_facts")
export class InvalidFact {
  @PrimaryColumn({ type: "varchar", length: 1 })
  grain: Grain;

  /** Start of the period: a UTC hour, or a day or month of the reporting calendar. */
  @PrimaryColumn({ type: "datetime" })
  period: Date;

  @PrimaryColumn({ type: "varchar", length: 16 })
  event: string;

  @PrimaryColumn({ type: "varchar", length: 32 })
  reason: string;

  @Column({ type: "bigint", default: 0, transformer: bigintAsNumber })
  count: number;
}
