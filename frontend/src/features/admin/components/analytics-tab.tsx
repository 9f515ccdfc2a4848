import { Heading, Stack } from "@chakra-ui/react";
import { NetworkReport } from "./network-report";
import { TrafficQualityTab } from "./traffic-quality-tab";

/** The network's report over a chosen range, above its traffic quality since the start. */
export function AnalyticsTab() {
  return (
    <Stack gap="8">
      <NetworkReport />
      <Stack gap="4">
        <Heading as="h3" size="md">
          Traffic quality
        </Heading>
        <TrafficQualityTab />
      </Stack>
    </Stack>
  );
}
