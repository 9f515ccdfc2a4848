/** A publisher's share of what their impressions cost: their own if an admin set one, else the network's default. */
export function effectiveRevenueShareBps(ownBps: number | null, defaultBps: number): number {
  return ownBps ?? defaultBps;
}
