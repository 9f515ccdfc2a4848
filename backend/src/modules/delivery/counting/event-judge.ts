import type { Inventory } from "../decision/inventory";
import type { DeliveryState } from "../state/delivery-state";
import type { Charging } from "./charging";
import type { EventRecorder } from "./event-recorder";
import type { Refuse } from "./judged";
import type { Offers } from "./offers";

/** What judging an event reads and moves: its signed offer, the catalogue, the shared state, the recorder and the charges. */
export interface JudgingParts {
  offers: Offers;
  inventory: Inventory;
  state: DeliveryState;
  recorder: EventRecorder;
  charging: Charging;
  refuse: Refuse;
}

/** A judge of events (beacons, conversions), with the parts every judgement uses. */
export abstract class EventJudge {
  protected readonly offers: Offers;
  protected readonly inventory: Inventory;
  protected readonly state: DeliveryState;
  protected readonly recorder: EventRecorder;
  protected readonly charging: Charging;
  protected readonly refuse: Refuse;

  constructor(parts: JudgingParts) {
    ({ offers: this.offers, inventory: this.inventory, state: this.state, recorder: this.recorder, charging: this.charging, refuse: this.refuse } = parts);
  }
}
