import { Badge, Card, HStack, Link, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { CreativeCardFragment } from "../../../gql/graphql";
import { CreativeThumbnail } from "./creative-thumbnail";
import { NativePreview } from "./native-preview";
import type { Owner } from "../../review/components/owner-note";
import { ReviewedCard } from "../../review/components/reviewed-card";

interface CreativeCardProps {
  creative: CreativeCardFragment;
  /** Under the name: the campaign it belongs to, and whatever else the viewer needs. */
  subtitle: ReactNode;
  /** Buttons for whoever is looking: edit and archive, or approve and reject. */
  actions: ReactNode;
  /** More for the card's body: a rejection note. */
  children?: ReactNode;
  /** Its advertiser, for the reviewing admins: the advertiser knows who they are. */
  owner?: Owner | null;
}

/**
 * A creative as both its advertiser and the reviewing admins see it: what it looks like first,
 * then where a click leads, its type in words and its size (and a video's skipping); its status beside its name.
 */
export function CreativeCard({ creative, subtitle, actions, children, owner }: CreativeCardProps) {
  return (
    <ReviewedCard name={creative.name} subtitle={subtitle} status={creative.status} owner={owner} ownerRole="Advertiser" actions={actions}>
      <Card.Body gap="2">
        {creative.native ? (
          <NativePreview native={creative.native} imageUrl={creative.contentUrl} advertiserName={owner?.fullName} />
        ) : (
          <CreativeThumbnail type={creative.type} contentUrl={creative.contentUrl} width={creative.width} height={creative.height} durationSeconds={creative.durationSeconds} />
        )}
        <ClickUrl url={creative.clickUrl} />
        <HStack gap="2">
          <Badge variant="outline">{creative.typeLabel}</Badge>
          <Badge variant="outline">
            {creative.width}x{creative.height}
          </Badge>
          {creative.type === "video" && <Badge variant="outline">{skipText(creative.skipAfterSeconds)}</Badge>}
          {creative.expandedWidth && creative.expandedHeight && (
            <Badge variant="outline">
              Expands to {creative.expandedWidth}x{creative.expandedHeight}
            </Badge>
          )}
        </HStack>
        {children}
      </Card.Body>
    </ReviewedCard>
  );
}

/** Whether players may let a viewer skip the video, as its advertiser set it. */
const skipText = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? "Not skippable" : `Skippable after ${seconds} s`);

/** Where the ad leads, which is what a reviewer checks and an advertiser recognises; an ad without one is not clickable. */
function ClickUrl({ url }: { url: string | null | undefined }) {
  if (!url) {
    return (
      <Text fontSize="sm" color="fg.muted">
        No click URL: the ad is not clickable
      </Text>
    );
  }
  return (
    <Text fontSize="sm" wordBreak="break-all">
      Click URL:{" "}
      <Link href={url} target="_blank" rel="noopener noreferrer" colorPalette="brand">
        {url}
      </Link>
    </Text>
  );
}
