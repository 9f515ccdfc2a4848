import { Box } from "@chakra-ui/react";
import { DashboardHeader } from "../../../components/dashboard-header";

export function AdminDashboardPage() {
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <DashboardHeader title="Admin Dashboard" subtitle="Network Administration Panel" />
    </Box>
  );
}
