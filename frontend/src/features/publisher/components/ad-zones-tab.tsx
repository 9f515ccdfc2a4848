import { Badge, Button, Card, HStack, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { CopySnippet } from "../../../components/copy-snippet";
import { EmptyPanel } from "../../../components/empty-panel";
import { Figure } from "../../../components/figure";
import { formatCount, formatMoney, formatPercent } from "../../../components/format";
import type { PublisherAdZoneFragment, PublisherSiteFragment } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";
import { useInventoryMutations } from "../hooks/use-inventory-mutations";
import { CreateAdZoneDialog } from "./create-ad-zone-dialog";
import { EditAdZoneDialog } from "./edit-ad-zone-dialog";
import { VastUrl } from "./vast-url";
import { METRIC_TERMS, termed } from "../../../components/metric-terms";
import { RarelySeenZones } from "./rarely-seen-zones";

interface AdZonesTabProps {
  zones: PublisherAdZoneFragment[];
  sites: PublisherSiteFragment[];
}

export function AdZonesTab({ zones, sites }: AdZonesTabProps) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<PublisherAdZoneFragment | null>(null);
  const [removing, setRemoving] = useState<PublisherAdZoneFragment | null>(null);
  const { archiveAdZone } = useInventoryMutations();
  const approvedSites = sites.filter((s) => s.acceptsZones);
  const noApprovedSite = approvedSites.length === 0;

  const remove = (zone: PublisherAdZoneFragment) =>
    withFeedback(() => archiveAdZone({ variables: { id: zone.id } }), { success: `${zone.name} removed`, failure: "Failed to remove ad zone" });

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
      <RarelySeenZones />
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
            <AdZoneCard key={zone.id} zone={zone} onEdit={() => setEditing(zone)} onRemove={() => setRemoving(zone)} />
          ))}
        </SimpleGrid>
      )}
      <CreateAdZoneDialog open={creating} onOpenChange={setCreating} approvedSites={approvedSites} />
      {editing && <EditAdZoneDialog key={editing.id} zone={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        title="Remove ad zone"
        question={removing && `Remove ${removing.name} from ${removing.siteName}? Its tag stops showing ads at once; its past figures stay in your reports.`}
        confirmLabel="Remove"
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={() => remove(removing!)}
      />
    </Stack>
  );
}

function AdZoneCard({ zone, onEdit, onRemove }: { zone: PublisherAdZoneFragment; onEdit: () => void; onRemove: () => void }) {
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
          <Figure label="Shows as">{zone.shows}</Figure>
          <Figure label="Position">
            <Text as="span" textTransform="capitalize">
              {zone.position}
            </Text>
          </Figure>
          <Figure label="Floor (CPM)">{zone.floor > 0 ? formatMoney(zone.floor) : "Any price"}</Figure>
        </HStack>
        <Stack gap="1" role="group" aria-label={`${zone.name} this month`}>
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
            This month
          </Text>
          <SimpleGrid columns={{ base: 2, sm: 4 }} gap="4">
            <Figure label="Impressions">{formatCount(zone.monthlyImpressions)}</Figure>
            <Figure label="Clicks">{formatCount(zone.monthlyClicks)}</Figure>
            <Figure {...termed(METRIC_TERMS.publisherEarnings)}>{formatMoney(zone.monthlyRevenue)}</Figure>
            <Figure label="Fill Rate">{formatPercent(zone.monthlyFillRate)}</Figure>
          </SimpleGrid>
        </Stack>
        <CopySnippet label="Ad tag" snippet={zone.adTag} copyLabel={`Copy ad tag for ${zone.name}`} />
        <VastUrl zone={zone} />
      </Card.Body>
      <Card.Footer gap="2">
        <Button size="sm" variant="outline" aria-label={`Edit ${zone.name}`} onClick={onEdit}>
          Edit
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" aria-label={`Remove ${zone.name}`} onClick={onRemove}>
          Remove
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
