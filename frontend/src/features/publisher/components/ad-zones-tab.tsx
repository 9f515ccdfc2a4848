import { Badge, Button, Card, HStack, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { CopySnippet } from "../../../components/copy-snippet";
import { EmptyPanel } from "../../../components/empty-panel";
import { Figure } from "../../../components/figure";
import type { PublisherAdZoneFragment, PublisherSiteFragment } from "../../../gql/graphql";
import { CreateAdZoneDialog } from "./create-ad-zone-dialog";

interface AdZonesTabProps {
  zones: PublisherAdZoneFragment[];
  sites: PublisherSiteFragment[];
}

export function AdZonesTab({ zones, sites }: AdZonesTabProps) {
  const [creating, setCreating] = useState(false);
  const approvedSites = sites.filter((s) => s.status === "APPROVED");
  const noApprovedSite = approvedSites.length === 0;

  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading as="h2" size="lg">
          Ad Zones
        </Heading>
        <Button colorPalette="brand" onClick={() => setCreating(true)} disabled={noApprovedSite}>
          Add Ad Zone
        </Button>
      </HStack>
      {noApprovedSite && zones.length === 0 ? (
        <EmptyPanel
          title="You need approved sites first"
          description="Ad zones can be created once an administrator approves one of your sites."
        />
      ) : zones.length === 0 ? (
        <EmptyPanel title="No ad zones yet" description="Create an ad zone to get a tag for your page." />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {zones.map((zone) => (
            <AdZoneCard key={zone.id} zone={zone} />
          ))}
        </SimpleGrid>
      )}
      <CreateAdZoneDialog open={creating} onOpenChange={setCreating} approvedSites={approvedSites} />
    </Stack>
  );
}

function AdZoneCard({ zone }: { zone: PublisherAdZoneFragment }) {
  return (
    <Card.Root as="article" aria-label={zone.name}>
      <Card.Header>
        <HStack justify="space-between" align="flex-start">
          <Stack gap="0">
            <Card.Title>{zone.name}</Card.Title>
            <Text color="fg.muted" fontSize="sm">
              {zone.siteName}
            </Text>
          </Stack>
          <Badge variant="outline">
            {zone.width}x{zone.height}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        <HStack gap="8">
          <Figure label="Format">
            <Text as="span" textTransform="capitalize">
              {zone.format}
            </Text>
          </Figure>
          <Figure label="Position">
            <Text as="span" textTransform="capitalize">
              {zone.position}
            </Text>
          </Figure>
        </HStack>
        <CopySnippet label="Ad tag" snippet={zone.adTag} copyLabel={`Copy ad tag for ${zone.name}`} />
      </Card.Body>
    </Card.Root>
  );
}
