import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { User } from "./user.entity";

/**
 * One sign-in. Its id travels in the token (jti), and every request checks the row, so revoking it
 * stops that token at once in every process, while the user's other sessions go on.
 */
@Entity("user_sessions")
@Index("IDX_user_sessions_user", ["userId"])
export class UserSession {
  /** Random, so one session's id says nothing about another's. */
  @PrimaryColumn({ type: "varchar", length: 32 })
  id: string;

  @Column({ name: "user_id", type: "integer" })
  userId: number;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_user_sessions_user" })
  user?: User;

  @CreateDateColumn({ name: "created_at" })
  createdAt: Date;

  /** When its token expires; past it the row only waits to be purged. */
  @Column({ name: "expires_at", type: "datetime" })
  expiresAt: Date;

  @Column({ name: "revoked_at", type: "datetime", nullable: true })
  revokedAt: Date | null;
}
