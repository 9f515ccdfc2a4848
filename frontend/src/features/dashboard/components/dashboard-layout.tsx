import { Box, Container, Stack } from "@chakra-ui/react";
import { useEffect, type ReactNode } from "react";
import { DashboardHeader } from "./dashboard-header";
import { PageMeta } from "../../../components/page-meta";
import { QueryPanel, type LoadState } from "../../../components/query-panel";
import { toaster } from "../../../lib/toasts";
import { VerifyEmailBanner } from "./verify-email-banner";

interface DashboardLayoutProps extends LoadState {
  title: string;
  subtitle?: string;
  /** Toast text when a load fails. */
  failureMessage: string;
  children: ReactNode;
}

/** Header plus the dashboard body, with its first-load spinner and its failure state. */
export function DashboardLayout({ title, subtitle, failureMessage, children, ...load }: DashboardLayoutProps) {
  const { error } = load;
  useEffect(() => {
    if (!error) return;
    // The toaster renders synchronously, which React refuses during its own effect phase.
    const timer = setTimeout(() => toaster.create({ id: failureMessage, type: "error", title: failureMessage }));
    return () => clearTimeout(timer);
  }, [error, failureMessage]);

  return (
    <Box minH="100dvh" bg="bg.subtle">
      <PageMeta title={title} />
      <DashboardHeader title={title} subtitle={subtitle} />
      <Container as="main" maxW="7xl" py="8">
        <Stack gap="8">
          <VerifyEmailBanner />
          <QueryPanel {...load} failureMessage={failureMessage} loadingLabel="Loading dashboard">
            {children}
          </QueryPanel>
        </Stack>
      </Container>
    </Box>
  );
}
