import { CampaignCompleted, CampaignOutOfFunds } from "./campaign-events";
import { EventBus } from "./event-bus";

describe("EventBus", () => {
  it("hands each event to the subscribers of its type only, in the order they subscribed", async () => {
    const bus = new EventBus({ error: jest.fn() });
    const seen: string[] = [];
    bus.subscribe(CampaignCompleted, (event) => void seen.push(`first ${event.name}`));
    bus.subscribe(CampaignOutOfFunds, (event) => void seen.push(`out of funds ${event.name}`));
    bus.subscribe(CampaignCompleted, async (event) => void seen.push(`second ${event.name}`));
    await bus.publish(new CampaignCompleted(7, 3, "Spring Sale"));
    expect(seen).toEqual(["first Spring Sale", "second Spring Sale"]);
  });

  it("logs a failing subscriber and still runs the others, so the publisher never fails over a side effect", async () => {
    const log = { error: jest.fn() };
    const bus = new EventBus(log);
    const after = jest.fn();
    bus.subscribe(CampaignCompleted, () => {
      throw new Error("mail server down");
    });
    bus.subscribe(CampaignCompleted, after);
    await expect(bus.publish(new CampaignCompleted(7, 3, "Spring Sale"))).resolves.toBeUndefined();
    expect(after).toHaveBeenCalledWith(new CampaignCompleted(7, 3, "Spring Sale"));
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ event: "CampaignCompleted" }), "an event subscriber failed");
  });

  it("publishing an event nobody subscribed to does nothing", async () => {
    await expect(new EventBus({ error: jest.fn() }).publish(new CampaignOutOfFunds(1, 2, "Idle", 0))).resolves.toBeUndefined();
  });
});
