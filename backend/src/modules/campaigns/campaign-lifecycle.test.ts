import { CampaignStatus } from "./campaign.entity";
import { allows, BILLABLE_STATUSES, CAMPAIGN_ACTION_STATUSES, CampaignAction, canMove, fitsArchiving, isFinal, isServing, statusesBecoming } from "./campaign-lifecycle";

const { PENDING, ACTIVE, PAUSED, COMPLETED, REJECTED } = CampaignStatus;

it("allows exactly the spec's moves between statuses", () => {
  const moves = Object.values(CampaignStatus).flatMap((from) =>
    Object.values(CampaignStatus)
      .filter((to) => canMove(from, to))
      .map((to) => `${from} -> ${to}`),
  );
  expect(moves.sort()).toEqual(
    [
      "pending -> active",
      "pending -> rejected",
      "active -> paused",
      "active -> completed",
      "active -> rejected",
      "paused -> active",
      "paused -> completed",
      "paused -> rejected",
      "active -> pending",
      "paused -> pending",
    ].sort(),
  );
});

it("tells approval from resuming, though both lead to active", () => {
  expect(allows("approve", PENDING)).toBe(true);
  expect(allows("approve", PAUSED)).toBe(false);
  expect(allows("resume", PAUSED)).toBe(true);
  expect(allows("resume", PENDING)).toBe(false);
  expect(allows("pause", ACTIVE)).toBe(true);
  expect(allows("pause", PENDING)).toBe(false);
});

it("completes only running campaigns and rejects any that is not final", () => {
  expect(statusesBecoming(COMPLETED)).toEqual([ACTIVE, PAUSED]);
  expect(statusesBecoming(REJECTED)).toEqual([PENDING, ACTIVE, PAUSED]);
  expect(Object.values(CampaignStatus).filter(isFinal)).toEqual([COMPLETED, REJECTED]);
});

it("serves active campaigns only, and bills every campaign that has been live", () => {
  expect(Object.values(CampaignStatus).filter(isServing)).toEqual([ACTIVE]);
  expect([...BILLABLE_STATUSES].sort()).toEqual([ACTIVE, COMPLETED, PAUSED].sort());
});

it("edits any campaign that may still serve, archives none that serves, and lets an archived one only come back or be copied", () => {
  expect(CAMPAIGN_ACTION_STATUSES[CampaignAction.EDIT]).toEqual([PENDING, ACTIVE, PAUSED]);
  expect(CAMPAIGN_ACTION_STATUSES[CampaignAction.ARCHIVE]).not.toContain(ACTIVE);
  const onArchived = Object.values(CampaignAction).filter((action) => fitsArchiving(action, true));
  expect(onArchived.sort()).toEqual([CampaignAction.DUPLICATE, CampaignAction.UNARCHIVE].sort());
  expect(Object.values(CampaignAction).filter((action) => !fitsArchiving(action, false))).toEqual([CampaignAction.UNARCHIVE]);
});
