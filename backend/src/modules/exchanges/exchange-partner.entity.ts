import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";

/**
 * An exchange the network buys from server to server (Prebid Server, an SSP). Its calls to the
 * bidder carry its credential, whose SHA-256 alone is kept; only then does the bidder believe the
 * visitor the bid request describes (device.ip, device.ua, user ids) rather than the calling server.
 */
@Entity("exchange_partners")
@Index("UQ_exchange_partners_hash", ["credentialHash"], { unique: true })
export class ExchangePartner {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "varchar", length: 80 })
  name: string;

  /** The credential's first characters (adx_ab12...): enough to tell credentials apart, useless to call with. */
  @Column({ name: "credential_prefix", type: "varchar", length: 24 })
  credentialPrefix: string;

  @Column({ name: "credential_hash", type: "varchar", length: 64, select: false })
  credentialHash: string;

  /** The networks (CIDR) its servers call from; empty takes a call from anywhere with the credential. */
  @Column({ name: "allowed_networks", type: "simple-array" })
  allowedNetworks: string[];

  /** Where cookie sync sends the browser, with AdNet's id in place of $UID; null when it does not sync. */
  @Column({ name: "user_sync_url", type: "varchar", length: 500, nullable: true })
  userSyncUrl: string | null;

  @CreateDateColumn({ name: "created_at" })
  createdAt: Date;

  /** Set when an admin revokes it: its credential is refused from then on. */
  @Column({ name: "revoked_at", type: "datetime", nullable: true })
  revokedAt: Date | null;
}
