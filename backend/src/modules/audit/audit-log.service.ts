import type { Page } from "../../common/list-page";
import { changesOf, type AuditChange, type ColumnDisplays } from "./audit-changes";
import type { AuditEntry } from "./audit-entry.entity";
import type { AuditFilter, AuditService } from "./audit.service";

/** What the log needs of a kind of target: how its logged columns read, and what its objects are called. */
export interface AuditTargetKind {
  /** From the kind's field declarations; columns not in it read as every entry's do. */
  columns?: ColumnDisplays;
  /** The names of these objects, in one query whatever their number; an id missing (the object removed) keeps its entry unnamed. */
  namesOf?: (ids: number[]) => Promise<Map<number, string>>;
}

/** An entry as a person reads it: what its target is called, and each change in words, once, for every screen. */
export interface DescribedAuditEntry {
  entry: AuditEntry;
  targetName: string | null;
  changes: AuditChange[];
}

/** Targets whose entries carry their own name (a key's, a transfer's reference) rather than a table to look it up in. */
function nameInEntry(entry: AuditEntry): string | null {
  for (const json of [entry.afterJson, entry.beforeJson]) {
    const logged = json ? (JSON.parse(json) as Record<string, unknown>) : {};
    if ((entry.targetType === "api_key" || entry.targetType === "exchange_partner") && typeof logged.name === "string") return logged.name;
    if (entry.targetType === "deposit" && typeof logged.reference === "string") return `Transfer ${logged.reference}`;
  }
  return entry.targetType === "payout" && entry.targetId !== null ? `Payout #${entry.targetId}` : null;
}

/**
 * The audit log as the admin screens read it: the entries `AuditService` keeps, with display values
 * made from each kind's field declarations and the targets named, so no screen guesses at them.
 */
export class AuditLogService {
  constructor(
    private readonly audit: AuditService,
    private readonly kinds: Partial<Record<string, AuditTargetKind>>,
  ) {}

  async page(filter: AuditFilter = {}): Promise<Page<DescribedAuditEntry>> {
    const page = await this.audit.page(filter);
    return { items: await this.described(page.items), totalCount: page.totalCount };
  }

  private async described(entries: AuditEntry[]): Promise<DescribedAuditEntry[]> {
    const names = new Map<string, Map<number, string>>();
    await Promise.all(
      Object.entries(this.kinds).map(async ([type, kind]) => {
        const ids = [...new Set(entries.filter((entry) => entry.targetType === type && entry.targetId !== null).map((entry) => entry.targetId!))];
        if (kind?.namesOf && ids.length > 0) names.set(type, await kind.namesOf(ids));
      }),
    );
    return entries.map((entry) => ({
      entry,
      targetName: (entry.targetType && entry.targetId !== null ? names.get(entry.targetType)?.get(entry.targetId) : undefined) ?? nameInEntry(entry),
      changes: changesOf(entry, (entry.targetType && this.kinds[entry.targetType]?.columns) || {}),
    }));
  }
}
