import { Column, Entity, PrimaryColumn } from "typeorm";

/** Which process runs a scheduled job until when: taken and renewed by conditional writes only. */
@Entity("scheduler_leases")
export class SchedulerLease {
  @PrimaryColumn({ type: "varchar", length: 64 })
  job: string;

  @Column({ type: "varchar", length: 64 })
  holder: string;

  @Column({ name: "expires_at", type: "datetime", precision: 3 })
  expiresAt: Date;
}
