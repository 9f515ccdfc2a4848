import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";

/** One admin action or security event. Rows are only ever inserted: nothing updates or deletes them. */
@Entity("audit_log")
@Index("IDX_audit_log_action", ["action"])
@Index("IDX_audit_log_actor", ["actorId"])
@Index("IDX_audit_log_target", ["targetType", "targetId"])
@Index("IDX_audit_log_target_user", ["targetUserId"])
@Index("IDX_audit_log_created", ["createdAt"])
export class AuditEntry {
  @PrimaryGeneratedColumn()
  id: number;

  /** Null for events no signed-in user caused, such as a burst of failed sign-ins. */
  @Column({ name: "actor_id", type: "integer", nullable: true })
  actorId: number | null;

  /** Kept as it was then, so the trail still reads after the account changes. */
  @Column({ name: "actor_email", type: "varchar", length: 254, nullable: true })
  actorEmail: string | null;

  @Column({ type: "varchar", length: 48 })
  action: string;

  @Column({ name: "target_type", type: "varchar", length: 24, nullable: true })
  targetType: string | null;

  @Column({ name: "target_id", type: "integer", nullable: true })
  targetId: number | null;

  /** The account the target belongs to, so a user's page shows everything done to what is theirs. */
  @Column({ name: "target_user_id", type: "integer", nullable: true })
  targetUserId: number | null;

  @Column({ type: "varchar", length: 64, nullable: true })
  ip: string | null;

  @Column({ name: "before_json", type: "text", nullable: true })
  beforeJson: string | null;

  @Column({ name: "after_json", type: "text", nullable: true })
  afterJson: string | null;

  @CreateDateColumn({ name: "created_at" })
  createdAt: Date;
}
