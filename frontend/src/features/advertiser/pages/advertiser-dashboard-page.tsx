import { Box } from "@chakra-ui/react";
import { DashboardHeader } from "../../../components/dashboard-header";

export function AdvertiserDashboardPage() {
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <DashboardHeader title="Advertiser Dashboard" />
    </Box>
  );
}
