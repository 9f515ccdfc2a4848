import { type Device, DEVICES } from "../../targeting/request";
import { slotOf } from "./decision";
import type { Slot, SlotCandidate } from "../model";

const NO_CANDIDATES = slotOf([]);
/** The country bucket of a request from a country no campaign of the shape names: only campaigns for every country. */
const ELSEWHERE = "*";

type ByDevice = Map<Device, Slot>;

/**
 * The decision's index: for each zone shape, country and device, the campaigns that may show
 * there, each bucket sorted for the lottery once at load. Campaigns for every country or device
 * are merged into every bucket, so a request reads one bucket and checks only its campaigns'
 * other rules, however many campaigns the network has.
 */
export class CandidateIndex {
  private constructor(private readonly shapes: Map<string, Map<string, ByDevice>>) {}

  static of(candidatesByShape: Map<string, SlotCandidate[]>): CandidateIndex {
    const shapes = new Map<string, Map<string, ByDevice>>();
    for (const [shape, candidates] of candidatesByShape) {
      const countries = new Set<string>([ELSEWHERE]);
      for (const { campaign } of candidates) campaign.countries?.forEach((country) => countries.add(country));
      const byCountry = new Map<string, ByDevice>();
      for (const country of countries) {
        const here = candidates.filter(({ campaign }) => (country === ELSEWHERE ? campaign.countries === null : campaign.countries?.has(country) !== false));
        byCountry.set(country, new Map(DEVICES.map((device) => [device, slotOf(here.filter(({ campaign }) => campaign.devices.includes(device)))])));
      }
      shapes.set(shape, byCountry);
    }
    return new CandidateIndex(shapes);
  }

  slotFor(shape: string, country: string, device: Device): Slot {
    const byCountry = this.shapes.get(shape);
    if (!byCountry) return NO_CANDIDATES;
    return (byCountry.get(country) ?? byCountry.get(ELSEWHERE)!).get(device)!;
  }
}
