import { Stack, Text } from "@chakra-ui/react";
import { CopySnippet } from "../../../components/copy-snippet";
import type { PublisherAdZoneFragment } from "../../../gql/graphql";

/** A video zone's VAST URL, which the publisher's own video player loads; other zones have none. */
export function VastUrl({ zone }: { zone: Pick<PublisherAdZoneFragment, "name" | "vastUrl"> }) {
  if (!zone.vastUrl) return null;
  return (
    <Stack gap="1">
      <CopySnippet label="VAST URL" snippet={zone.vastUrl} copyLabel={`Copy VAST URL for ${zone.name}`} />
      <Text fontSize="xs" color="fg.muted">
        Give it to your video player as its ad tag URL (any VAST 4 player: Video.js, JW Player, Google IMA).
      </Text>
    </Stack>
  );
}
