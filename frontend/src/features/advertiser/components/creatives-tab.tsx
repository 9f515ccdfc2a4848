import { Button, HStack, Heading, SimpleGrid, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { CreativeCard } from "../../creatives/components/creative-card";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyPanel } from "../../../components/empty-panel";
import { servedActions } from "../../../components/served-actions";
import { dropCreatives } from "../../../lib/cache-updates";
import { withFeedback } from "../../../lib/mutation-feedback";
import { RejectionNote } from "../../review/components/rejection-note";
import { ArchiveCreativeDocument, type AdvertiserCampaignFragment, type AdvertiserCreativeFragment } from "../../../gql/graphql";
import { EditCreativeDialog } from "./edit-creative-dialog";
import { UploadCreativeDialog } from "./upload-creative-dialog";

interface CreativesTabProps {
  creatives: AdvertiserCreativeFragment[];
  campaigns: AdvertiserCampaignFragment[];
}

export function CreativesTab({ creatives, campaigns }: CreativesTabProps) {
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<AdvertiserCreativeFragment | null>(null);
  const [archiving, setArchiving] = useState<AdvertiserCreativeFragment | null>(null);
  const [archiveCreative] = useMutation(ArchiveCreativeDocument, { update: (cache, { data }) => data && dropCreatives(cache, { id: data.archiveCreative.id }) });
  const campaignName = new Map(campaigns.map((c) => [c.id, c.name]));

  const archive = (creative: AdvertiserCreativeFragment) =>
    withFeedback(() => archiveCreative({ variables: { id: creative.id } }), { success: `${creative.name} archived`, failure: "Failed to archive creative" });

  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading as="h2" size="lg">
          Creatives
        </Heading>
        <Button colorPalette="brand" onClick={() => setUploading(true)} disabled={campaigns.length === 0}>
          Add Creative
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
                <>
                  <Button size="sm" variant="outline" onClick={() => setEditing(creative)} aria-label={`Edit ${creative.name}`}>
                    Edit
                  </Button>
                  {servedActions(creative.nextActions, {
                    ARCHIVE: { label: "Archive", variant: "outline", "aria-label": `Archive ${creative.name}`, onClick: () => setArchiving(creative) },
                  })}
                </>
              }
            >
              {creative.status === "REJECTED" && <RejectionNote reason={creative.rejectionReason} />}
            </CreativeCard>
          ))}
        </SimpleGrid>
      )}
      <UploadCreativeDialog open={uploading} onOpenChange={setUploading} campaigns={campaigns} />
      {editing && <EditCreativeDialog key={editing.id} creative={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        title="Archive creative"
        question={archiving && `Archive ${archiving.name}? It stops showing at once and leaves your lists; its figures stay in your reports and its uploaded file is kept.`}
        confirmLabel="Archive"
        destructive
        onClose={() => setArchiving(null)}
        onConfirm={() => archive(archiving!)}
      />
    </Stack>
  );
}
