import { Column, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { Role } from "../../auth/roles";
import { Timestamped } from "../../common/timestamps";

@Entity("users")
@Index("UQ_users_email", ["email"], { unique: true })
@Index("IDX_users_role", ["role"])
export class User extends Timestamped {
  @PrimaryGeneratedColumn()
  id: number;

  /**
   * Stored trimmed and case-folded, so uniqueness holds whatever the case; compared exactly
   * (a binary collation on MySQL and MariaDB, see the ExactEmails migration), so accents count.
   */
  @Column({ type: "varchar", length: 254 })
  email: string;

  /** Never selected unless asked for, so no query can leak it by accident. */
  @Column({ name: "password_hash", type: "varchar", length: 255, select: false })
  passwordHash: string;

  @Column({ name: "full_name", type: "varchar", length: 120 })
  fullName: string;

  @Column({ type: "varchar", length: 16 })
  role: Role;

  /** Bumped on every password change: tokens carry it, so older tokens stop working. */
  @Column({ name: "token_version", type: "integer", default: 0 })
  tokenVersion: number;

  /** A publisher's share of what their impressions cost, in basis points; null means the network default. */
  @Column({ name: "revenue_share_bps", type: "integer", nullable: true })
  revenueShareBps: number | null;

  /** When the owner proved the address is theirs (a link sent to it); null until then. */
  @Column({ name: "email_verified_at", type: "datetime", nullable: true })
  emailVerifiedAt: Date | null;
}
