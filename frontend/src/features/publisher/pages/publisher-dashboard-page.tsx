import { Box } from "@chakra-ui/react";
import { DashboardHeader } from "../../../components/dashboard-header";

export function PublisherDashboardPage() {
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <DashboardHeader title="Publisher Dashboard" />
    </Box>
  );
}
