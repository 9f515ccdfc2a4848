import { ConflictError } from "./errors";
import { MAX_LENGTH } from "./text-limits";
import * as check from "./validate";

/** What admins review before it may take part in delivery: sites and creatives. */
export interface Reviewable {
  status: "pending" | "approved" | "rejected";
  rejectionReason: string | null;
}

export function markApproved(item: Reviewable, noun: string): void {
  if (item.status !== "pending") throw new ConflictError(`Only a pending ${noun} can be approved; this one is ${item.status}`);
  item.status = "approved";
  item.rejectionReason = null;
}

/** Approved items can be rejected too, which takes them out of delivery; the owner sees the reason. */
export function markRejected(item: Reviewable, reasonInput: unknown, noun: string): void {
  const reason = check.requiredText("reason", reasonInput, MAX_LENGTH.reason);
  if (item.status === "rejected") throw new ConflictError(`This ${noun} is already rejected`);
  item.status = "rejected";
  item.rejectionReason = reason;
}
