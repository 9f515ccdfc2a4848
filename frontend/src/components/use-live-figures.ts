import type { TypedDocumentNode } from "@apollo/client";
import { useQuery } from "@apollo/client/react";
import { useEffect } from "react";

/**
 * How often a dashboard's stat cards ask again while the page is in view. Polling rather than a
 * subscription: one stat-card query reads a few dozen rows of the read model (a few milliseconds,
 * see README), so a request per open dashboard every 10 s costs less than a socket held open per
 * viewer and a fan-out on every write of counted events.
 */
export const LIVE_FIGURES_MS = 10_000;

/** Polls skip their turn while the browser tab is hidden. */
export const pageHidden = () => document.visibilityState === "hidden";

/**
 * Keeps a dashboard's figures current once its first load has ended: `query` asks for them alone and
 * shares the dashboard's cache entry, so the cards show each answer. Nothing is asked while the page
 * is hidden, and the figures are asked for at once when it shows again.
 */
export function useLiveFigures<Data>(query: TypedDocumentNode<Data, Record<string, never>>, loaded: boolean) {
  const { refetch } = useQuery(query, { skip: !loaded, pollInterval: LIVE_FIGURES_MS, skipPollAttempt: pageHidden });

  useEffect(() => {
    if (!loaded) return;
    const refreshWhenShown = () => {
      if (!pageHidden()) void refetch().catch(() => undefined);
    };
    document.addEventListener("visibilitychange", refreshWhenShown);
    return () => document.removeEventListener("visibilitychange", refreshWhenShown);
  }, [loaded, refetch]);
}
