import { Role } from "../../auth/roles";
import { DepositStatus } from "./deposit-request.entity";

/**
 * Every way a deposit request's status may change, with the statuses it starts from and who may
 * make it. The service checks its moves here and the views serve each reader the moves open to
 * them, so the screens draw a button per move rather than guessing from the status.
 */
export const DEPOSIT_MOVES = {
  /** The money arrived; an admin records it. */
  record: { from: [DepositStatus.PENDING], to: DepositStatus.RECEIVED, by: Role.ADMIN },
  /** The advertiser will not send it after all. */
  cancel: { from: [DepositStatus.PENDING], to: DepositStatus.CANCELLED, by: Role.ADVERTISER },
} as const satisfies Record<string, { from: readonly DepositStatus[]; to: DepositStatus; by: Role }>;

export type DepositMove = keyof typeof DEPOSIT_MOVES;

export function depositAllows(move: DepositMove, status: DepositStatus): boolean {
  return (DEPOSIT_MOVES[move].from as readonly DepositStatus[]).includes(status);
}

/** The moves this role may make on a request in this status. */
export function depositMovesFor(status: DepositStatus, role: Role): DepositMove[] {
  return (Object.keys(DEPOSIT_MOVES) as DepositMove[]).filter((move) => DEPOSIT_MOVES[move].by === role && depositAllows(move, status));
}
