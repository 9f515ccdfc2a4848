import { Column, Entity, PrimaryColumn } from "typeorm";

/**
 * The id of every batch of counted events the writer has applied, stored by the transaction that
 * applied it. A batch retried after its acknowledgement was lost (the writer died between commit
 * and reply, or the database answered too late) finds its id here and changes nothing.
 */
@Entity("applied_batches")
export class AppliedBatch {
  @PrimaryColumn({ type: "varchar", length: 32 })
  id: string;

  @Column({ name: "applied_at", type: "datetime" })
  appliedAt: Date;
}
