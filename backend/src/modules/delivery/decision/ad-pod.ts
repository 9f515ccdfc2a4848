import type { CreativeEntry, SlotCandidate } from "../model";

/**
 * An ad pod (VAST 4.2, 2.3.1.3): several video ads one after another in one break. Competitive
 * separation keeps two ads of one advertiser, or of one advertiser category, out of the same pod,
 * and the pod's ads together play no longer than the break. How many ads and how long a break a
 * zone takes is the zone's (zones/ad-breaks.ts).
 */

/** What the ads already chosen for a pod rule out for the next one. */
export interface PodSoFar {
  advertiserIds: Set<number>;
  categories: Set<string>;
  /** What is left of the break for the next ad. */
  remainingMs: number;
}

/** How long a video plays: an uploaded file's measured length, else the length its advertiser declared. */
export const playingMs = (creative: CreativeEntry): number => creative.media?.durationMs ?? creative.durationMs ?? 0;

export const emptyPod = (breakMs: number): PodSoFar => ({ advertiserIds: new Set(), categories: new Set(), remainingMs: breakMs });

/** Whether a campaign may join the pod: an advertiser and a category not yet in it. */
export const separatedFrom = (candidate: SlotCandidate, pod: PodSoFar): boolean =>
  !pod.advertiserIds.has(candidate.campaign.advertiserId) && !pod.categories.has(candidate.campaign.category);

/** The creatives that fit in what is left of the break. */
export const fittingIn = (creatives: CreativeEntry[], pod: PodSoFar): CreativeEntry[] => creatives.filter((creative) => playingMs(creative) <= pod.remainingMs);

/** The pod with one more ad in it. */
export function withAd(pod: PodSoFar, candidate: Pick<SlotCandidate, "campaign">, creative: CreativeEntry): PodSoFar {
  return {
    advertiserIds: new Set(pod.advertiserIds).add(candidate.campaign.advertiserId),
    categories: new Set(pod.categories).add(candidate.campaign.category),
    remainingMs: pod.remainingMs - playingMs(creative),
  };
}
