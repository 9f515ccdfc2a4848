import { createHash } from "node:crypto";
import proxyAddr from "@fastify/proxy-addr";
import type { DataSource } from "typeorm";
import { ExchangePartner } from "./exchange-partner.entity";

/** Every credential starts so; the bidder tells a partner's call by it. */
export const CREDENTIAL_MARK = "adx_";

export const hashCredential = (credential: string) => createHash("sha256").update(credential).digest("hex");

/** What the bidder knows of a partner without asking the database. */
export interface KnownPartner {
  id: number;
  name: string;
  /** Whether a call from this address may be the partner's (its allowed networks, or any when it named none). */
  allows(ip: string): boolean;
  userSyncUrl: string | null;
}

/** The test of an address against a list of networks (CIDR or single addresses), as proxy-addr compiles it. */
export function networksTest(networks: readonly string[]): (ip: string) => boolean {
  if (networks.length === 0) return () => true;
  const trusted = proxyAddr.compile([...networks]);
  return (ip) => trusted(ip, 0);
}

/**
 * The live partners, held in memory so that the bidder never waits on SQL: loaded at start,
 * again at once after a change made in this process, and every `intervalMs` for the others'.
 */
export class PartnerDirectory {
  private byHash = new Map<string, KnownPartner>();
  private byId = new Map<number, KnownPartner>();
  /** Credentials already hashed and found, so a partner's every call does not hash its credential again. */
  private known = new Map<string, KnownPartner>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly dataSource: DataSource) {}

  async start(intervalMs: number): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => void this.reload().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async reload(): Promise<void> {
    const rows = await this.dataSource
      .getRepository(ExchangePartner)
      .createQueryBuilder("p")
      .addSelect("p.credentialHash")
      .where("p.revoked_at IS NULL")
      .getMany();
    const byHash = new Map<string, KnownPartner>();
    const byId = new Map<number, KnownPartner>();
    for (const row of rows) {
      const partner = { id: row.id, name: row.name, allows: networksTest(row.allowedNetworks), userSyncUrl: row.userSyncUrl };
      byHash.set(row.credentialHash, partner);
      byId.set(row.id, partner);
    }
    this.byHash = byHash;
    this.byId = byId;
    this.known = new Map();
  }

  /** The live partner a credential is, or null. */
  partnerOf(credential: string): KnownPartner | null {
    if (!credential.startsWith(CREDENTIAL_MARK)) return null;
    const known = this.known.get(credential);
    if (known) return known;
    const partner = this.byHash.get(hashCredential(credential));
    // Only live credentials are kept, so wrong guesses cannot fill the map.
    if (partner) this.known.set(credential, partner);
    return partner ?? null;
  }

  partner(id: number): KnownPartner | undefined {
    return this.byId.get(id);
  }
}
