import { Button, HStack, Heading, Link, SimpleGrid, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { CreativeCard } from "../../creatives/components/creative-card";
import { EmptyPanel } from "../../../components/empty-panel";
import { RejectionNote } from "../../review/components/rejection-note";
import type { AdvertiserCampaignFragment, AdvertiserCreativeFragment } from "../../../gql/graphql";
import { EditCreativeDialog } from "./edit-creative-dialog";
import { UploadCreativeDialog } from "./upload-creative-dialog";

interface CreativesTabProps {
  creatives: AdvertiserCreativeFragment[];
  campaigns: AdvertiserCampaignFragment[];
}

export function CreativesTab({ creatives, campaigns }: CreativesTabProps) {
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<AdvertiserCreativeFragment | null>(null);
  const campaignName = new Map(campaigns.map((c) => [c.id, c.name]));

  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading as="h2" size="lg">
          Creatives
        </Heading>
        <Button colorPalette="brand" onClick={() => setUploading(true)} disabled={campaigns.length === 0}>
          Upload Creative
        </Button>
      </HStack>
      {creatives.length === 0 ? (
        <EmptyPanel
          title="No creatives yet"
          description={
            campaigns.length === 0
              ? "Create a campaign first; creatives belong to a campaign."
              : "Upload an image, video or HTML creative for one of your campaigns."
          }
        />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {creatives.map((creative) => (
            <CreativeCard
              key={creative.id}
              creative={creative}
              subtitle={campaignName.get(creative.campaignId) ?? `Campaign #${creative.campaignId}`}
              actions={
                <Button size="sm" variant="outline" onClick={() => setEditing(creative)} aria-label={`Edit ${creative.name}`}>
                  Edit
                </Button>
              }
            >
              <Link href={creative.contentUrl} target="_blank" rel="noopener noreferrer" fontSize="sm" wordBreak="break-all">
                {creative.contentUrl}
              </Link>
              {creative.status === "REJECTED" && <RejectionNote reason={creative.rejectionReason} />}
            </CreativeCard>
          ))}
        </SimpleGrid>
      )}
      <UploadCreativeDialog open={uploading} onOpenChange={setUploading} campaigns={campaigns} />
      {editing && <EditCreativeDialog key={editing.id} creative={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
