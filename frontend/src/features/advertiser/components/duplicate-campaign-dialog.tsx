import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { AppDialog } from "../../../components/ui/app-dialog";
import { DuplicatePreviewDocument, type AdvertiserCampaignFragment, type DuplicatePreviewQuery } from "../../../gql/graphql";
import type { Outcome } from "../../../lib/mutation-feedback";

type Preview = DuplicatePreviewQuery["duplicatePreview"];

const quoted = (name: string) => `“${name}”`;

/** Which creatives the copy takes, as the server answers it: "3 of 4 creatives are copied: the rejected one, “Old art”, is left out." */
export function copiesSentence({ copied, leftOut }: Preview): string {
  const total = copied.length + leftOut.length;
  if (total === 0) return "It has no creatives to copy: add some to the copy before it can show.";
  if (leftOut.length === 0) return total === 1 ? "Its creative is copied too." : `All ${total} creatives are copied too.`;
  const missing =
    leftOut.length === 1
      ? `the ${leftOut[0].status.toLowerCase()} one, ${quoted(leftOut[0].name)}, is left out`
      : `${leftOut.map(({ name, status }) => `${quoted(name)} (${status.toLowerCase()})`).join(", ")} are left out`;
  return `${copied.length} of ${total} creatives ${copied.length === 1 ? "is" : "are"} copied: ${missing}.`;
}

interface DuplicateCampaignDialogProps {
  /** The campaign to copy; null keeps the dialog closed. */
  campaign: AdvertiserCampaignFragment | null;
  onClose: () => void;
  /** Resolves ok when the copy was made, so the dialog may close. */
  onDuplicate: (campaign: AdvertiserCampaignFragment) => Promise<Outcome<unknown>>;
}

/** Says what a copy will hold before it is made: the settings, and which creatives go with it to review. */
export function DuplicateCampaignDialog({ campaign, onClose, onDuplicate }: DuplicateCampaignDialogProps) {
  const query = useQuery(DuplicatePreviewDocument, { variables: { campaignId: campaign?.id ?? 0 }, skip: !campaign, fetchPolicy: "network-only" });
  const [busy, setBusy] = useState(false);
  const preview = query.data?.duplicatePreview;

  const duplicate = async () => {
    setBusy(true);
    const { ok } = await onDuplicate(campaign!);
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <AppDialog open={campaign !== null} onOpenChange={(open) => !open && onClose()} title="Duplicate campaign" size="sm">
      <Stack gap="3">
        <Text>Copy {campaign?.name} with its settings as a new campaign waiting for review.</Text>
        <QueryPanel {...loadStateOf(query)} failureMessage="Failed to load the campaign's creatives" loadingLabel="Loading the campaign's creatives">
          {preview && <Text role="status">{copiesSentence(preview)}</Text>}
        </QueryPanel>
      </Stack>
      <HStack justify="flex-end" mt="6">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button colorPalette="brand" loading={busy} disabled={!preview} onClick={duplicate}>
          Duplicate
        </Button>
      </HStack>
    </AppDialog>
  );
}
