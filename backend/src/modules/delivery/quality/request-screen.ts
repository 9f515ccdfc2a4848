import type { Config } from "../../../config";
import type { ZoneEntry } from "../model";
import type { Visit } from "../request/visit";
import type { DeliveryState } from "../state/delivery-state";
import type { InvalidReason } from "./invalid-reasons";
import { RequestRate } from "./request-rate";
import { isBot } from "./traffic-rules";

/** Turns away the ad requests that must not be filled, before any decision. */
export class RequestScreen {
  private readonly requests = new RequestRate();

  constructor(
    private readonly limits: Pick<Config["delivery"], "ipRequestsPerMinute" | "requireAdsTxt">,
    private readonly state: Pick<DeliveryState, "available">,
  ) {}

  /** Counts an ad request against its address's rate, whether or not its zone exists; returns the address's count this minute. */
  countRequest(ip: string, now: number): number {
    return this.requests.hit(ip, now);
  }

  /** Why the request is not filled, the first rule it breaks in this order; null when it may be. `pageHost` as namedHost found it. */
  refusal(requestsThisMinute: number, visit: Visit, zone: ZoneEntry, pageHost: string | null | false): InvalidReason | null {
    if (requestsThisMinute > this.limits.ipRequestsPerMinute) return "ip_rate";
    if (isBot(visit.userAgent)) return "bot";
    if (!pageHost) return "domain_mismatch";
    if (this.limits.requireAdsTxt && !zone.adsTxtFound) return "ads_txt_missing";
    // With the shared counters out of reach no offer could be counted: no paid ad is served meanwhile.
    if (!this.state.available) return "state_unavailable";
    return null;
  }
}
