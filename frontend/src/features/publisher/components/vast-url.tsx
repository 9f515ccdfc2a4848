import { Stack, Text } from "@chakra-ui/react";
import { CopySnippet } from "../../../components/copy-snippet";
import type { PublisherAdZoneFragment } from "../../../gql/graphql";

/** A video zone's VAST and VMAP URLs, which the publisher's own video player loads; other zones have none. */
export function VastUrl({ zone }: { zone: Pick<PublisherAdZoneFragment, "name" | "vastUrl" | "vmapUrl" | "podSize" | "breakSeconds" | "midrollOffsets"> }) {
  if (!zone.vastUrl) return null;
  const midrolls = zone.midrollOffsets.length === 0 ? "no mid-roll" : `mid-rolls at ${zone.midrollOffsets.map((seconds) => `${seconds} s`).join(", ")}`;
  return (
    <Stack gap="1">
      <CopySnippet label="VAST URL" snippet={zone.vastUrl} copyLabel={`Copy VAST URL for ${zone.name}`} />
      <Text fontSize="xs" color="fg.muted">
        Give it to your video player as its ad tag URL (any VAST 4 player: Video.js, JW Player, Google IMA).
      </Text>
      {zone.vmapUrl && (
        <>
          <CopySnippet label="VMAP URL" snippet={zone.vmapUrl} copyLabel={`Copy VMAP URL for ${zone.name}`} />
          <Text fontSize="xs" color="fg.muted">
            For a player that takes an ad schedule (VMAP 1.0, e.g. Google IMA's ad rules): put the video's length in seconds for DURATION. Each break is a pod of up to{" "}
            {zone.podSize} ads in {zone.breakSeconds} seconds: a pre-roll, {midrolls}, and a post-roll.
          </Text>
        </>
      )}
    </Stack>
  );
}
