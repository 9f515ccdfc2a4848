import type { EntityManager } from "typeorm";
import { moveIfStill, moveOnce } from "../../common/move-once";
import { markApproved, reviewedMeanwhile } from "../../common/review";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";
import { NotificationKind, type Notify } from "../notifications/notification-kinds";
import type { Campaign } from "../campaigns/campaign.entity";
import { Creative } from "./creative.entity";

/** Who records a creative's approval: its audit entry and its webhook event. */
export interface ApprovalRecorders {
  audit: AuditService;
  notify: Notify;
}

/**
 * Approves a creative read as pending, in the caller's transaction: one conditional update from the
 * status it was read in, then its audit entry and webhook event. A creative reviewed by someone else
 * meanwhile is refused (CONFLICT) when `meanwhile` is "refuse", and left as the other review left it
 * when "skip". No e-mail: one review tells of all it decided in one e-mail, which its caller sends.
 * Answers whether this call approved it.
 */
export async function approveWithRecord(
  manager: EntityManager,
  creative: Creative & { campaign: Campaign },
  meanwhile: "refuse" | "skip",
  { audit, notify }: ApprovalRecorders,
): Promise<boolean> {
  const from = creative.status;
  markApproved(creative, "creative");
  const guard = { id: creative.id, status: from };
  const changes = { status: creative.status, rejectionReason: creative.rejectionReason };
  if (meanwhile === "refuse") await moveOnce(manager, Creative, guard, changes, reviewedMeanwhile("creative"));
  else if (!(await moveIfStill(manager, Creative, guard, changes))) return false;
  const target = { type: "creative", id: creative.id, userId: creative.campaign.advertiserId };
  await audit.record({ action: AuditAction.CREATIVE_APPROVED, target, before: { status: from }, after: { status: creative.status } }, manager);
  const facts = { name: creative.name, campaign: creative.campaign.name };
  await notify(manager, creative.campaign.advertiserId, NotificationKind.CREATIVE_APPROVED, facts, { about: { type: "creative", id: creative.id }, only: "webhook" });
  return true;
}
