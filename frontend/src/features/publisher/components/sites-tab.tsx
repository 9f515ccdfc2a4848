import { Button, Card, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { EmptyPanel } from "../../../components/empty-panel";
import { Figure } from "../../../components/figure";
import { formatCount } from "../../../components/format";
import { RejectionNote } from "../../../components/rejection-note";
import { StatusBadge } from "../../../components/ui/status-badge";
import type { PublisherSiteFragment } from "../../../gql/graphql";
import { AddSiteDialog } from "./add-site-dialog";

export function SitesTab({ sites }: { sites: PublisherSiteFragment[] }) {
  const [adding, setAdding] = useState(false);
  const openDialog = () => setAdding(true);

  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Text fontSize="lg" fontWeight="semibold">
          My Sites
        </Text>
        <Button colorPalette="brand" onClick={openDialog}>
          Add Site
        </Button>
      </HStack>
      {sites.length === 0 ? (
        <EmptyPanel
          title="No sites yet"
          description="Add a website to start earning from its traffic."
          action={
            <Button colorPalette="brand" onClick={openDialog}>
              Add Your First Site
            </Button>
          }
        />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {sites.map((site) => (
            <SiteCard key={site.id} site={site} />
          ))}
        </SimpleGrid>
      )}
      <AddSiteDialog open={adding} onOpenChange={setAdding} />
    </Stack>
  );
}

function SiteCard({ site }: { site: PublisherSiteFragment }) {
  return (
    <Card.Root as="article" aria-label={site.name}>
      <Card.Header>
        <HStack justify="space-between" align="flex-start">
          <Stack gap="0">
            <Card.Title>{site.name}</Card.Title>
            <Text color="fg.muted" fontSize="sm">
              {site.domain}
            </Text>
          </Stack>
          <StatusBadge status={site.status} />
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        <Text>{site.description}</Text>
        <HStack gap="8">
          <Figure label="Category">
            <Text as="span" textTransform="capitalize">
              {site.category}
            </Text>
          </Figure>
          <Figure label="Monthly Impressions">{formatCount(site.monthlyImpressions)}</Figure>
        </HStack>
        {site.status === "REJECTED" && <RejectionNote reason={site.rejectionReason} />}
      </Card.Body>
    </Card.Root>
  );
}
