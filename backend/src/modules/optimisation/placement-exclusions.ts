import { type DataSource, type EntityManager, LessThan } from "typeorm";
import { insertIgnoring, sqlDateTime } from "../../common/db-upsert";
import { ConflictError } from "../../common/errors";
import { moveIfStill } from "../../common/move-once";
import { inTransaction } from "../../common/transaction";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";
import { ExclusionState, PlacementExclusion } from "./placement-exclusion.entity";
import type { PlacementVerdict } from "./placement-rule";

/** After an Undo the zone stays in the campaign's placements this long, whatever the rule says. */
export const UNDO_HOLDS_DAYS = 14;
const DAY_MS = 86_400_000;

export interface ExcludedPlacement {
  campaign: { id: number; advertiserId: number };
  zone: { id: number; name: string };
  impressions: number;
  results: number;
  verdict: PlacementVerdict;
}

const targetOf = (campaign: { id: number; advertiserId: number }) => ({ type: "campaign", id: campaign.id, userId: campaign.advertiserId });

/**
 * The placements optimisation excluded, stored: each exclusion and each Undo is a state change made
 * once however many ad servers' loops (or clicks) try it at once, with one history entry.
 */
export class PlacementExclusions {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  /**
   * Excludes the zone: a new row inserted unless there is one, or a kept row whose hold has passed
   * moved back to excluded. Answers whether this call made the change.
   */
  async exclude(placement: ExcludedPlacement, nowMs: number): Promise<boolean> {
    return inTransaction(this.dataSource, async (manager) => {
      const row = { state: ExclusionState.EXCLUDED, reason: placement.verdict.reason.slice(0, 500), impressions: placement.impressions, results: placement.results, excludedAt: new Date(nowMs) };
      const inserted = await this.insertOnce(manager, placement, row);
      const moved =
        inserted ||
        (await moveIfStill(
          manager,
          PlacementExclusion,
          { campaignId: placement.campaign.id, zoneId: placement.zone.id, state: ExclusionState.KEPT, undoneAt: LessThan(new Date(nowMs - UNDO_HOLDS_DAYS * DAY_MS)) },
          { ...row, undoneAt: null },
        ));
      if (!moved) return false;
      await this.audit.record(
        {
          action: AuditAction.CAMPAIGN_OPTIMISED,
          actor: null,
          target: targetOf(placement.campaign),
          before: { placement: `${placement.zone.name}: serving` },
          after: { placement: `${placement.zone.name}: excluded`, reason: placement.verdict.reason },
        },
        manager,
      );
      return true;
    });
  }

  /** The advertiser puts the zone back: once, held for UNDO_HOLDS_DAYS; a second Undo is refused. */
  async undo(actor: { id: number; email: string }, campaign: { id: number; advertiserId: number }, zone: { id: number; name: string }, nowMs: number): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
      const guard = { campaignId: campaign.id, zoneId: zone.id, state: ExclusionState.EXCLUDED };
      if (!(await moveIfStill(manager, PlacementExclusion, guard, { state: ExclusionState.KEPT, undoneAt: new Date(nowMs) }))) {
        throw new ConflictError(`${zone.name} is not excluded from this campaign`, "zoneId");
      }
      await this.audit.record(
        {
          action: AuditAction.PLACEMENT_RESTORED,
          actor,
          target: targetOf(campaign),
          before: { placement: `${zone.name}: excluded` },
          after: { placement: `${zone.name}: serving`, reason: `Undone: optimisation leaves it alone for ${UNDO_HOLDS_DAYS} days` },
        },
        manager,
      );
    });
  }

  /** Every campaign's excluded zones: what the decision keeps them out of. */
  async excludedZones(): Promise<Map<number, Set<number>>> {
    const rows = await this.dataSource.getRepository(PlacementExclusion).find({ select: { campaignId: true, zoneId: true }, where: { state: ExclusionState.EXCLUDED } });
    const byCampaign = new Map<number, Set<number>>();
    for (const { campaignId, zoneId } of rows) byCampaign.set(campaignId, (byCampaign.get(campaignId) ?? new Set()).add(zoneId));
    return byCampaign;
  }

  /** A campaign's rows, excluded and kept, newest first. */
  ofCampaign(campaignId: number): Promise<PlacementExclusion[]> {
    return this.dataSource.getRepository(PlacementExclusion).find({ where: { campaignId }, order: { excludedAt: "DESC" } });
  }

  private async insertOnce(manager: EntityManager, placement: ExcludedPlacement, row: Pick<PlacementExclusion, "state" | "reason" | "impressions" | "results" | "excludedAt">): Promise<boolean> {
    const { affected } = await manager.queryRunner!.query(
      `${insertIgnoring(manager.connection)} INTO placement_exclusions (campaign_id, zone_id, state, reason, impressions, results, excluded_at, undone_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)`,
      [placement.campaign.id, placement.zone.id, row.state, row.reason, row.impressions, row.results, sqlDateTime(row.excludedAt.getTime())],
      true,
    );
    return Boolean(affected);
  }
}
