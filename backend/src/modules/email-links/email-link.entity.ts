import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { User } from "../users/user.entity";

export enum LinkPurpose {
  VERIFY_EMAIL = "verify_email",
  RESET_PASSWORD = "reset_password",
  CHANGE_EMAIL = "change_email",
}

/**
 * A single-use link sent by e-mail. Only the SHA-256 of its token is kept, so the table alone
 * opens nothing; the address it was sent to binds it, so a link outlives no change of address.
 */
@Entity("email_links")
@Index("UQ_email_links_token", ["tokenHash"], { unique: true })
@Index("IDX_email_links_user", ["userId", "purpose"])
export class EmailLink {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "user_id", type: "integer" })
  userId: number;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_email_links_user" })
  user?: User;

  @Column({ type: "varchar", length: 16 })
  purpose: LinkPurpose;

  @Column({ name: "token_hash", type: "varchar", length: 64 })
  tokenHash: string;

  /** The address the link went to: the account's for verification and reset, the new one for a change. */
  @Column({ type: "varchar", length: 254 })
  email: string;

  @Column({ name: "expires_at", type: "datetime" })
  expiresAt: Date;

  @Column({ name: "used_at", type: "datetime", nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: "created_at" })
  createdAt: Date;
}
