import { Column, Entity, PrimaryColumn } from "typeorm";
import { bigintAsNumber } from "../../../../common/money";

/** How far one event log is applied to the database; moved only by the transaction that applies the events. */
@Entity("event_log_positions")
export class EventLogPosition {
  @PrimaryColumn({ name: "log_id", type: "varchar", length: 64 })
  logId: string;

  @Column({ type: "bigint", transformer: bigintAsNumber })
  position: number;
}
