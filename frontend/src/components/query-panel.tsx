import { Button, Center, Spinner, VisuallyHidden } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { EmptyPanel } from "./empty-panel";

interface QueryPanelProps {
  /** True until the first load has ended. */
  loading: boolean;
  /** The load failed and there is nothing to show. */
  error?: unknown;
  failureMessage: string;
  onRetry: () => void;
  children: ReactNode;
}

/** A tab that loads its own data: a spinner first, a way to retry when the load fails. */
export function QueryPanel({ loading, error, failureMessage, onRetry, children }: QueryPanelProps) {
  if (loading) {
    return (
      <Center py="12" role="status">
        <Spinner size="lg" color="brand.solid" />
        <VisuallyHidden>Loading</VisuallyHidden>
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
