import { Column, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { Role } from "../../auth/roles";
import { Timestamped } from "../../common/timestamps";
import { AccountStatus } from "./account-status";

@Entity("users")
@Index("UQ_users_email", ["email"], { unique: true })
@Index("IDX_users_role", ["role"])
@Index("IDX_users_status", ["status"])
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

  /** The postal address invoices are made out to (a tax invoice names the buyer's); null until given. */
  @Column({ name: "billing_address", type: "varchar", length: 500, nullable: true })
  billingAddress: string | null;

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

  /** Only an active account works; a suspended one is told why, a pending one waits for an admin. */
  @Column({ type: "varchar", length: 24, default: AccountStatus.ACTIVE })
  status: AccountStatus;

  /** What a suspended user is told when they try to sign in. */
  @Column({ name: "suspension_reason", type: "varchar", length: 500, nullable: true })
  suspensionReason: string | null;

  /** When an admin checked the user's identity documents (outside the product). */
  @Column({ name: "identity_verified_at", type: "datetime", nullable: true })
  identityVerifiedAt: Date | null;

  /** The LEGAL_VERSIONS the user accepted on signing up, and when; null for accounts older than the question. */
  @Column({ name: "terms_version", type: "varchar", length: 32, nullable: true })
  termsVersion: string | null;

  @Column({ name: "privacy_policy_version", type: "varchar", length: 32, nullable: true })
  privacyPolicyVersion: string | null;

  @Column({ name: "terms_accepted_at", type: "datetime", nullable: true })
  termsAcceptedAt: Date | null;

  @Column({ name: "last_login_at", type: "datetime", nullable: true })
  lastLoginAt: Date | null;

  /** The sign-in before `lastLoginAt`: null while the account is on its first visit. */
  @Column({ name: "previous_login_at", type: "datetime", nullable: true })
  previousLoginAt: Date | null;

  /** The TOTP secret, encrypted; never selected unless asked for. */
  @Column({ name: "two_factor_secret", type: "varchar", length: 255, nullable: true, select: false })
  twoFactorSecret: string | null;

  /** A secret being enrolled, until a code proves the authenticator holds it. */
  @Column({ name: "two_factor_pending_secret", type: "varchar", length: 255, nullable: true, select: false })
  twoFactorPendingSecret: string | null;

  @Column({ name: "two_factor_enabled_at", type: "datetime", nullable: true })
  twoFactorEnabledAt: Date | null;

  /** The TOTP time step of the last code accepted, so a code is never accepted twice. */
  @Column({ name: "two_factor_last_step", type: "integer", nullable: true, select: false })
  twoFactorLastStep: number | null;

  /** A publisher who asked sellers.json to list them without their name and domain. */
  @Column({ name: "seller_confidential", type: "boolean", default: false })
  sellerConfidential: boolean;
}
