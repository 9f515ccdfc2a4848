import { Alert, List, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { formatCount, formatPercent } from "../../../components/format";
import { RarelySeenZonesDocument } from "../../../gql/graphql";

/**
 * The publisher's zones readers rarely see over the last 30 days (viewable under half of their
 * measured impressions): vCPM and CPCV campaigns pay for what is seen, so these earn little.
 * Nothing shows while it loads, fails, or when every zone is seen well enough.
 */
export function RarelySeenZones() {
  const { data } = useQuery(RarelySeenZonesDocument);
  const zones = data?.rarelySeenZones ?? [];
  if (zones.length === 0) return null;
  return (
    <Alert.Root as="section" status="warning" variant="subtle" aria-label="Zones rarely seen">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Zones rarely seen in the last 30 days</Alert.Title>
        <Alert.Description>
          <Text>Fewer than half of these ads were in view for a second; moving a zone up the page earns more from advertisers who pay for views.</Text>
          <List.Root ps="4">
            {zones.map((zone) => (
              <List.Item key={zone.zoneId}>
                {zone.zoneName} on {zone.siteName}: {formatPercent(zone.viewabilityRate)} viewable of {formatCount(zone.measured)} measured
              </List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
