import { Button, HStack, Heading, SimpleGrid, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatCount } from "../../../components/format";
import { SiteCard } from "../../../components/site-card";
import type { PublisherSiteFragment } from "../../../gql/graphql";
import { AddSiteDialog } from "./add-site-dialog";

export function SitesTab({ sites }: { sites: PublisherSiteFragment[] }) {
  const [adding, setAdding] = useState(false);
  const openDialog = () => setAdding(true);

  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading as="h2" size="lg">
          My Sites
        </Heading>
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
            <SiteCard key={site.id} site={site} figure={{ label: "Monthly Impressions", value: formatCount(site.monthlyImpressions) }} />
          ))}
        </SimpleGrid>
      )}
      <AddSiteDialog open={adding} onOpenChange={setAdding} />
    </Stack>
  );
}
