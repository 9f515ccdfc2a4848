import { Box, Container, Stack } from "@chakra-ui/react";
import { useEffect, type ReactNode } from "react";
import { DashboardHeader } from "./dashboard-header";
import { useFormOptions } from "../../../components/form/with-form-options";
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
  // The cards name countries and the forms check bounds as the server says: the first load waits for
  // those too, so no card shows a code that turns into a name under the reader's eyes.
  const waitingForOptions = useFormOptions().loadState.loading;
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
          <QueryPanel {...load} loading={load.loading || waitingForOptions} failureMessage={failureMessage} loadingLabel="Loading dashboard">
            {children}
          </QueryPanel>
        </Stack>
      </Container>
    </Box>
  );
}
