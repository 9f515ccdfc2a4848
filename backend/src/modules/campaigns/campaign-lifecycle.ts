import { CampaignStatus } from "./campaign.entity";

const { PENDING, ACTIVE, PAUSED, COMPLETED, REJECTED } = CampaignStatus;

/**
 * Every way a campaign's status may change, named for what causes it, with the statuses it may
 * start from. Every code path that changes a status asks this table, the delivery writer's
 * completions included. Two moves reach active (approval and resuming), which is why the moves
 * are named rather than listed as bare pairs of statuses.
 */
export const CAMPAIGN_MOVES = {
  approve: { from: [PENDING], to: ACTIVE },
  pause: { from: [ACTIVE], to: PAUSED },
  resume: { from: [PAUSED], to: ACTIVE },
  /** The budget ran out. */
  complete: { from: [ACTIVE, PAUSED], to: COMPLETED },
  /** In review, or stopped for good later on. */
  reject: { from: [PENDING, ACTIVE, PAUSED], to: REJECTED },
  /** An approved campaign's edit of a field the admins review (`sendsToReview`): it waits for a new review. */
  resubmit: { from: [ACTIVE, PAUSED], to: PENDING },
} as const satisfies Record<string, { from: readonly CampaignStatus[]; to: CampaignStatus }>;

export type CampaignMove = keyof typeof CAMPAIGN_MOVES;

/** What a person does to a campaign, one mutation each; completing is the budget's doing, never a button. */
export enum CampaignAction {
  APPROVE = "approve",
  REJECT = "reject",
  PAUSE = "pause",
  RESUME = "resume",
  EDIT = "edit",
  DUPLICATE = "duplicate",
  ARCHIVE = "archive",
  UNARCHIVE = "unarchive",
}

const MOVES = Object.values(CAMPAIGN_MOVES) as { from: readonly CampaignStatus[]; to: CampaignStatus }[];

/** Whether the named move may start from this status. */
export function allows(move: CampaignMove, status: CampaignStatus): boolean {
  return (CAMPAIGN_MOVES[move].from as readonly CampaignStatus[]).includes(status);
}

/** Whether any move leads from one status to the other. */
export function canMove(from: CampaignStatus, to: CampaignStatus): boolean {
  return MOVES.some((move) => move.to === to && move.from.includes(from));
}

/** The statuses from which some move leads to `to`. */
export function statusesBecoming(to: CampaignStatus): CampaignStatus[] {
  return Object.values(CampaignStatus).filter((from) => canMove(from, to));
}

/** A final status has no move out: its campaign never serves or changes again. */
export function isFinal(status: CampaignStatus): boolean {
  return !MOVES.some((move) => move.from.includes(status));
}

/** Settings change while the campaign may still serve; a completed or rejected one is over (duplicate it to run it again). */
export const EDITABLE_STATUSES: readonly CampaignStatus[] = Object.values(CampaignStatus).filter((status) => !isFinal(status));

/**
 * Archiving files a campaign away without changing its status. A serving campaign is paused first,
 * so an archived campaign never has ads going out that nobody sees in a list.
 */
export const ARCHIVABLE_STATUSES: readonly CampaignStatus[] = [PENDING, PAUSED, COMPLETED, REJECTED];

/** The statuses each action starts from; archiving is a flag beside the status, checked by `fitsArchiving`. */
export const CAMPAIGN_ACTION_STATUSES: Record<CampaignAction, readonly CampaignStatus[]> = {
  [CampaignAction.APPROVE]: CAMPAIGN_MOVES.approve.from,
  [CampaignAction.REJECT]: CAMPAIGN_MOVES.reject.from,
  [CampaignAction.PAUSE]: CAMPAIGN_MOVES.pause.from,
  [CampaignAction.RESUME]: CAMPAIGN_MOVES.resume.from,
  [CampaignAction.EDIT]: EDITABLE_STATUSES,
  [CampaignAction.DUPLICATE]: Object.values(CampaignStatus),
  [CampaignAction.ARCHIVE]: ARCHIVABLE_STATUSES,
  [CampaignAction.UNARCHIVE]: Object.values(CampaignStatus),
};

/** An archived campaign can only be brought back or copied; everything else waits until it is unarchived. */
const ACTIONS_ON_ARCHIVED: readonly CampaignAction[] = [CampaignAction.UNARCHIVE, CampaignAction.DUPLICATE];

/** Whether the action may be taken on a campaign archived or not. */
export function fitsArchiving(action: CampaignAction, archived: boolean): boolean {
  return archived ? ACTIONS_ON_ARCHIVED.includes(action) : action !== CampaignAction.UNARCHIVE;
}

/** Campaigns that win new ad requests. */
export const SERVING_STATUSES: readonly CampaignStatus[] = [ACTIVE];

/**
 * Campaigns whose already-served ads are still billed: a pause stops new ads, not counting those
 * already shown, and a campaign completed mid-flight still pays for the ads it had out.
 */
export const BILLABLE_STATUSES: readonly CampaignStatus[] = [ACTIVE, PAUSED, COMPLETED];

export const isServing = (status: CampaignStatus) => SERVING_STATUSES.includes(status);
