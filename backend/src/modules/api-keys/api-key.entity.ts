import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { User } from "../users/user.entity";

/** A key an integrator sends as a bearer token; only its SHA-256 is kept, and a prefix to recognise it by. */
@Entity("api_keys")
@Index("UQ_api_keys_hash", ["keyHash"], { unique: true })
@Index("IDX_api_keys_user", ["userId"])
export class ApiKey {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "user_id", type: "integer" })
  userId: number;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_api_keys_user" })
  user?: User;

  @Column({ type: "varchar", length: 80 })
  name: string;

  /** The key's first characters, e.g. adn_live_ab12: enough to tell keys apart, useless to sign in. */
  @Column({ type: "varchar", length: 24 })
  prefix: string;

  @Column({ name: "key_hash", type: "varchar", length: 64, select: false })
  keyHash: string;

  /** A read-only key may call queries (and REST GETs) only. */
  @Column({ name: "read_only", type: "boolean", default: false })
  readOnly: boolean;

  @CreateDateColumn({ name: "created_at" })
  createdAt: Date;

  @Column({ name: "last_used_at", type: "datetime", nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: "revoked_at", type: "datetime", nullable: true })
  revokedAt: Date | null;
}
