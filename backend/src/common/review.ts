import { ConflictError } from "./errors";
import { MAX_LENGTH } from "./text-limits";
import * as check from "./validate";

/** What admins review before it may take part in delivery: sites and creatives. */
export interface Reviewable {
  status: "pending" | "approved" | "rejected";
  rejectionReason: string | null;
}

export type ReviewStatus = Reviewable["status"];

/**
 * The review's transitions table, for sites and creatives alike. Approved items can be rejected
 * too, which takes them out of delivery; the owner sees the reason.
 */
export const REVIEW_MOVES = {
  approve: { from: ["pending"], to: "approved" },
  reject: { from: ["pending", "approved"], to: "rejected" },
} as const satisfies Record<string, { from: readonly ReviewStatus[]; to: ReviewStatus }>;

const allows = (move: keyof typeof REVIEW_MOVES, status: ReviewStatus) => (REVIEW_MOVES[move].from as readonly ReviewStatus[]).includes(status);

export function markApproved(item: Reviewable, noun: string): void {
  if (!allows("approve", item.status)) throw new ConflictError(`Only a pending ${noun} can be approved; this one is ${item.status}`);
  item.status = REVIEW_MOVES.approve.to;
  item.rejectionReason = null;
}

export function markRejected(item: Reviewable, reasonInput: unknown, noun: string): void {
  const reason = check.requiredText("reason", reasonInput, MAX_LENGTH.reason);
  if (!allows("reject", item.status)) throw new ConflictError(`This ${noun} is already rejected`);
  item.status = REVIEW_MOVES.reject.to;
  item.rejectionReason = reason;
}

/** What the loser of two reviews at once is told: the other admin's decision stands. */
export const reviewedMeanwhile = (noun: string) => `This ${noun} was reviewed by someone else meanwhile: reload it to see its status`;
