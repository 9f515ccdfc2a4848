import { Box, Button, Center, Container, Spinner, Stack, VisuallyHidden } from "@chakra-ui/react";
import { useEffect, type ReactNode } from "react";
import { DashboardHeader } from "./dashboard-header";
import { EmptyPanel } from "./empty-panel";
import { toaster } from "./ui/toaster";

interface DashboardLayoutProps {
  title: string;
  subtitle?: string;
  /** True until the first load has ended. */
  loading: boolean;
  /** The load failed and there is nothing to show. */
  error?: unknown;
  /** Toast text when a load fails. */
  failureMessage: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Header plus the dashboard body, with its first-load spinner and its failure state. */
export function DashboardLayout({ title, subtitle, loading, error, failureMessage, onRetry, children }: DashboardLayoutProps) {
  useEffect(() => {
    if (!error) return;
    // The toaster renders synchronously, which React refuses during its own effect phase.
    const timer = setTimeout(() => toaster.create({ id: failureMessage, type: "error", title: failureMessage }));
    return () => clearTimeout(timer);
  }, [error, failureMessage]);

  let body: ReactNode = children;
  if (loading) {
    body = (
      <Center py="24" role="status">
        <Spinner size="xl" color="brand.solid" borderWidth="4px" />
        <VisuallyHidden>Loading dashboard</VisuallyHidden>
      </Center>
    );
  } else if (error) {
    body = (
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

  return (
    <Box minH="100dvh" bg="bg.subtle">
      <DashboardHeader title={title} subtitle={subtitle} />
      <Container as="main" maxW="7xl" py="8">
        <Stack gap="8">{body}</Stack>
      </Container>
    </Box>
  );
}
