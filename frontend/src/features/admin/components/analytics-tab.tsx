import { Heading, Stack } from "@chakra-ui/react";
import { NetworkReport } from "./network-report";
import { TrafficQualityTab } from "./traffic-quality-tab";

/** The network's report over a chosen range, above its traffic quality over the same days. */
export function AnalyticsTab() {
  return (
    <NetworkReport
      sameDays={(days) => (
        <Stack gap="4" mt="4">
          <Heading as="h3" size="md">
            Traffic quality
          </Heading>
          <TrafficQualityTab days={days} />
        </Stack>
      )}
    />
  );
}
