import { Button, Center, Spinner, VisuallyHidden } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { EmptyPanel } from "./empty-panel";

/** What a panel shows while its query loads or after it failed. */
export interface LoadState {
  /** True until the first load has ended. */
  loading: boolean;
  /** The load failed and there is nothing to show. */
  error?: unknown;
  onRetry: () => void;
}

/** An Apollo query's result as a LoadState: cached data keeps showing through reloads and their errors. */
export function loadStateOf(query: { data?: unknown; loading: boolean; error?: unknown; refetch: () => Promise<unknown> }): LoadState {
  return {
    loading: query.loading && !query.data,
    error: query.data ? undefined : query.error,
    onRetry: () => void query.refetch().catch(() => undefined),
  };
}

interface QueryPanelProps extends LoadState {
  failureMessage: string;
  /** What the spinner says to screen readers. */
  loadingLabel?: string;
  children: ReactNode;
}

/** Data that loads on its own: a spinner first, a way to retry when the load fails. */
export function QueryPanel({ loading, error, onRetry, failureMessage, loadingLabel = "Loading", children }: QueryPanelProps) {
  if (loading) {
    return (
      <Center py="12" role="status">
        <Spinner size="xl" color="brand.solid" borderWidth="4px" />
        <VisuallyHidden>{loadingLabel}</VisuallyHidden>
      </Center>
    );
  }
  if (error) {
    return (
      <EmptyPanel
        title={failureMessage}
        description="Check your connection and try again."
        action={
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    );
  }
  return children;
}
