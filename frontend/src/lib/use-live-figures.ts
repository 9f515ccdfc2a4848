import type { OperationVariables, TypedDocumentNode } from "@apollo/client";
import { useQuery } from "@apollo/client/react";
import { useEffect } from "react";

/**
 * How often a dashboard's stat cards and small lists ask again while the page is in view. Polling
 * rather than a subscription: one stat-card query reads a few dozen rows of the read model (a few
 * milliseconds, see README), and a list an account or an admin page shows is one page of rows, so a
 * request per open dashboard every 10 s costs less than a socket held open per viewer and a fan-out
 * on every write of counted events.
 */
export const LIVE_FIGURES_MS = 10_000;

/** Polls skip their turn while the browser tab is hidden. */
export const pageHidden = () => document.visibilityState === "hidden";

/**
 * A query kept current with what others change (an admin's approval, counted impressions): asked
 * again every LIVE_FIGURES_MS while the page is in view, never while it is hidden, and at once
 * when the page shows again or its window takes the focus. One's own actions update the cache
 * from their answers instead.
 */
export function useLiveQuery<Data, Variables extends OperationVariables>(
  query: TypedDocumentNode<Data, Variables>,
  options: { variables?: Variables; skip?: boolean; fetchPolicy?: "cache-first" | "cache-and-network" } = {},
) {
  const result = useQuery(query, { ...options, pollInterval: LIVE_FIGURES_MS, skipPollAttempt: pageHidden } as useQuery.Options<Data, Variables>);
  const { refetch } = result;
  const active = !options.skip;

  useEffect(() => {
    if (!active) return;
    const refreshWhenShown = () => {
      if (!pageHidden()) void refetch().catch(() => undefined);
    };
    document.addEventListener("visibilitychange", refreshWhenShown);
    window.addEventListener("focus", refreshWhenShown);
    return () => {
      document.removeEventListener("visibilitychange", refreshWhenShown);
      window.removeEventListener("focus", refreshWhenShown);
    };
  }, [active, refetch]);

  return result;
}

/**
 * Keeps a dashboard's figures (or its small lists) current once its first load has ended: `query`
 * asks for them alone and shares the dashboard's cache entries, so the page shows each answer.
 */
export function useLiveFigures<Data>(query: TypedDocumentNode<Data, Record<string, never>>, loaded: boolean) {
  useLiveQuery(query, { skip: !loaded });
}
