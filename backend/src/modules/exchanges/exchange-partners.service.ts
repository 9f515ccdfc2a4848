import { randomBytes } from "node:crypto";
import { DataSource, IsNull, Repository } from "typeorm";
import { NotFoundError, ValidationError } from "../../common/errors";
import { moveIfStill } from "../../common/move-once";
import { inTransaction } from "../../common/transaction";
import * as check from "../../common/validate";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";
import { ExchangePartner } from "./exchange-partner.entity";
import { CREDENTIAL_MARK, hashCredential, networksTest, type PartnerDirectory } from "./partner-directory";

const NAME_MAX = 80;
const VISIBLE_CREDENTIAL_CHARS = 4;
/** A partner calls from a few data centres: more networks than this is a list pasted by mistake. */
export const MAX_ALLOWED_NETWORKS = 32;
const SYNC_URL_MAX = 500;
/** Where cookie sync puts AdNet's id in the partner's URL, as Prebid Server's setuid URLs mark it. */
export const UID_MACRO = "$UID";

export interface PartnerInput {
  name?: unknown;
  allowedNetworks?: unknown;
  userSyncUrl?: unknown;
}

export interface CreatedPartner {
  partner: ExchangePartner;
  /** The whole credential: shown once, never stored. */
  credential: string;
}

function allowedNetworksOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((each) => typeof each === "string")) throw new ValidationError("allowedNetworks", "allowedNetworks must be a list of networks such as 203.0.113.0/24");
  const networks = [...new Set(value.map((each: string) => each.trim()).filter(Boolean))];
  if (networks.length > MAX_ALLOWED_NETWORKS) throw new ValidationError("allowedNetworks", `allowedNetworks holds at most ${MAX_ALLOWED_NETWORKS} networks`);
  for (const network of networks) {
    try {
      networksTest([network]);
    } catch {
      throw new ValidationError("allowedNetworks", `allowedNetworks: ${network} is not an address or a network such as 203.0.113.0/24`);
    }
  }
  return networks;
}

function userSyncUrlOf(value: unknown): string | null {
  if (check.isBlank(value)) return null;
  const url = check.httpUrl("userSyncUrl", value);
  if (url.length > SYNC_URL_MAX) throw new ValidationError("userSyncUrl", `userSyncUrl is at most ${SYNC_URL_MAX} characters`);
  if (!url.includes(UID_MACRO)) throw new ValidationError("userSyncUrl", `userSyncUrl must mark where AdNet's id goes with ${UID_MACRO}`);
  return url;
}

/** What an admin sees of a partner in the audit log: never its credential. */
const audited = (partner: ExchangePartner) => ({ name: partner.name, prefix: partner.credentialPrefix, allowedNetworks: partner.allowedNetworks, userSyncUrl: partner.userSyncUrl });

/** The admins' list of exchange partners; every change reaches the bidder's directory at once in this process. */
export class ExchangePartnersService {
  private readonly partners: Repository<ExchangePartner>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    readonly directory: PartnerDirectory,
  ) {
    this.partners = dataSource.getRepository(ExchangePartner);
  }

  /** Every partner, live ones first. */
  list(): Promise<ExchangePartner[]> {
    return this.partners.find({ order: { revokedAt: "ASC", id: "DESC" } });
  }

  async create(input: PartnerInput): Promise<CreatedPartner> {
    const name = check.requiredText("name", input.name, NAME_MAX);
    const allowedNetworks = allowedNetworksOf(input.allowedNetworks);
    const userSyncUrl = userSyncUrlOf(input.userSyncUrl);
    const credential = `${CREDENTIAL_MARK}${randomBytes(24).toString("base64url")}`;
    const partner = await inTransaction(this.dataSource, async (manager) => {
      const saved = await manager.save(
        manager.create(ExchangePartner, { name, allowedNetworks, userSyncUrl, credentialPrefix: credential.slice(0, CREDENTIAL_MARK.length + VISIBLE_CREDENTIAL_CHARS), credentialHash: hashCredential(credential) }),
      );
      await this.audit.record({ action: AuditAction.EXCHANGE_PARTNER_CREATED, target: { type: "exchange_partner", id: saved.id }, after: audited(saved) }, manager);
      return saved;
    });
    await this.directory.reload();
    return { partner: await this.find(partner.id), credential };
  }

  /** Changes what was sent (its name, networks, sync URL); a revoked partner stays revoked. */
  async update(id: unknown, input: PartnerInput): Promise<ExchangePartner> {
    const partner = await this.find(check.positiveId("id", id));
    const changes: Partial<ExchangePartner> = {};
    if (input.name !== undefined && input.name !== null) changes.name = check.requiredText("name", input.name, NAME_MAX);
    if (input.allowedNetworks !== undefined && input.allowedNetworks !== null) changes.allowedNetworks = allowedNetworksOf(input.allowedNetworks);
    if (input.userSyncUrl !== undefined) changes.userSyncUrl = userSyncUrlOf(input.userSyncUrl);
    if (Object.keys(changes).length === 0) return partner;
    await inTransaction(this.dataSource, async (manager) => {
      await manager.update(ExchangePartner, { id: partner.id }, changes);
      await this.audit.record({ action: AuditAction.EXCHANGE_PARTNER_UPDATED, target: { type: "exchange_partner", id: partner.id }, before: audited(partner), after: audited({ ...partner, ...changes }) }, manager);
    });
    await this.directory.reload();
    return this.find(partner.id);
  }

  /**
   * Its credential is refused from the next bid request on (in the other processes, from their next
   * load of the directory). Revoking twice, at once too, changes and logs nothing more.
   */
  async revoke(id: unknown): Promise<ExchangePartner> {
    const partner = await this.find(check.positiveId("id", id));
    if (partner.revokedAt) return partner;
    await inTransaction(this.dataSource, async (manager) => {
      if (!(await moveIfStill(manager, ExchangePartner, { id: partner.id, revokedAt: IsNull() }, { revokedAt: new Date() }))) return;
      await this.audit.record({ action: AuditAction.EXCHANGE_PARTNER_REVOKED, target: { type: "exchange_partner", id: partner.id }, before: audited(partner) }, manager);
    });
    await this.directory.reload();
    return this.find(partner.id);
  }

  private async find(id: number): Promise<ExchangePartner> {
    const partner = await this.partners.findOneBy({ id });
    if (!partner) throw new NotFoundError("Exchange partner");
    return partner;
  }
}
