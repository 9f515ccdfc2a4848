import { CampaignStatus, DeliveryTier } from "./campaign.entity";
import { deliveryIssue, waitsOnFunds } from "./delivery-issue";

const TODAY = "2026-11-24";
const live = { status: CampaignStatus.ACTIVE, startDate: "2026-11-01", endDate: "2026-12-31", approvedCreatives: 2 };

it("finds nothing wrong with an active campaign in its flight with an approved creative", () => {
  expect(deliveryIssue(live, TODAY)).toBeNull();
  expect(deliveryIssue({ ...live, startDate: TODAY, endDate: TODAY }, TODAY)).toBeNull();
});

it("says why an active campaign cannot deliver", () => {
  expect(deliveryIssue({ ...live, approvedCreatives: 0 }, TODAY)).toBe("Not delivering: no approved creative");
  expect(deliveryIssue({ ...live, startDate: "2026-12-01" }, TODAY)).toBe("Not delivering: the flight starts on 2026-12-01");
  expect(deliveryIssue({ ...live, endDate: "2026-11-23" }, TODAY)).toBe("Not delivering: the flight ended on 2026-11-23");
});

it("puts an ended flight first, then a missing creative, then a flight still to come", () => {
  expect(deliveryIssue({ ...live, endDate: "2026-11-23", approvedCreatives: 0 }, TODAY)).toBe("Not delivering: the flight ended on 2026-11-23");
  expect(deliveryIssue({ ...live, startDate: "2026-12-01", approvedCreatives: 0 }, TODAY)).toBe("Not delivering: no approved creative");
});

it("says an active campaign's advertiser has no funds left, after a missing creative and before a flight to come", () => {
  expect(deliveryIssue({ ...live, fundsAvailable: false }, TODAY)).toBe("Not delivering: no funds left to spend; add funds under Billing");
  expect(deliveryIssue({ ...live, fundsAvailable: false, approvedCreatives: 0 }, TODAY)).toBe("Not delivering: no approved creative");
  expect(deliveryIssue({ ...live, fundsAvailable: false, startDate: "2026-12-01" }, TODAY)).toBe("Not delivering: no funds left to spend; add funds under Billing");
  expect(deliveryIssue({ ...live, fundsAvailable: true }, TODAY)).toBeNull();
});

it("never holds house ads back for funds: they are never billed", () => {
  expect(deliveryIssue({ ...live, fundsAvailable: false, deliveryTier: DeliveryTier.HOUSE }, TODAY)).toBeNull();
  expect(waitsOnFunds({ ...live, deliveryTier: DeliveryTier.HOUSE }, TODAY)).toBe(false);
  expect(waitsOnFunds({ ...live, deliveryTier: DeliveryTier.GUARANTEED }, TODAY)).toBe(true);
});

it("leaves campaigns that are not active to their status", () => {
  for (const status of [CampaignStatus.PENDING, CampaignStatus.PAUSED, CampaignStatus.COMPLETED, CampaignStatus.REJECTED]) {
    expect(deliveryIssue({ ...live, status, approvedCreatives: 0 }, TODAY)).toBeNull();
  }
});
