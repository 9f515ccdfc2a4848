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
