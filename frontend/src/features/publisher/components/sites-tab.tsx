import { Button, HStack, Heading, SimpleGrid, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { CopySnippet } from "../../../components/copy-snippet";
import { AdsTxtStatusNote } from "../../ads-txt/components/ads-txt-status";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatCount } from "../../../components/format";
import { SiteCard } from "../../sites/components/site-card";
import type { PublisherSiteFragment } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";
import { useInventoryMutations } from "../hooks/use-inventory-mutations";
import { AddSiteDialog } from "./add-site-dialog";
import { EditSiteDialog } from "./edit-site-dialog";

export function SitesTab({ sites, zoneCountOf }: { sites: PublisherSiteFragment[]; zoneCountOf: (siteId: number) => number }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PublisherSiteFragment | null>(null);
  const [removing, setRemoving] = useState<PublisherSiteFragment | null>(null);
  const { archiveSite } = useInventoryMutations();
  const openDialog = () => setAdding(true);

  const remove = (site: PublisherSiteFragment) =>
    withFeedback(() => archiveSite({ variables: { id: site.id } }), { success: `${site.name} removed`, failure: "Failed to remove site" });

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
            <SiteCard
              key={site.id}
              site={site}
              figure={{ label: "Monthly Impressions", value: formatCount(site.monthlyImpressions) }}
              details={
                <>
                  <CopySnippet label="ads.txt line" snippet={site.adsTxtLine} copyLabel={`Copy the ads.txt line of ${site.name}`} />
                  <AdsTxtStatusNote site={site} siteName={site.name} />
                </>
              }
              actions={
                <>
                  <Button size="sm" variant="outline" aria-label={`Edit ${site.name}`} onClick={() => setEditing(site)}>
                    Edit
                  </Button>
                  <Button size="sm" variant="outline" colorPalette="red" aria-label={`Remove ${site.name}`} onClick={() => setRemoving(site)}>
                    Remove
                  </Button>
                </>
              }
            />
          ))}
        </SimpleGrid>
      )}
      <AddSiteDialog open={adding} onOpenChange={setAdding} />
      {editing && <EditSiteDialog key={editing.id} site={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        title="Remove site"
        question={removing && removalQuestion(removing, zoneCountOf(removing.id))}
        confirmLabel="Remove"
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={() => remove(removing!)}
      />
    </Stack>
  );
}

function removalQuestion(site: PublisherSiteFragment, zones: number): string {
  const its = zones === 0 ? "" : zones === 1 ? " Its ad zone stops showing ads at once." : ` Its ${zones} ad zones stop showing ads at once.`;
  return `Remove ${site.name} (${site.domain})?${its} Its past figures stay in your reports and statements.`;
}
