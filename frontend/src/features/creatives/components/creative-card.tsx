import { Badge, Card, HStack } from "@chakra-ui/react";
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
  /** Buttons for whoever is looking: edit, or approve and reject. */
  actions: ReactNode;
  /** More for the card's body: a preview link, the landing page, a rejection note. */
  children?: ReactNode;
  /** Its advertiser, for the reviewing admins: the advertiser knows who they are. */
  owner?: Owner | null;
}

/** A creative's name, status, type and size, as both its advertiser and the reviewing admins see it. */
export function CreativeCard({ creative, subtitle, actions, children, owner }: CreativeCardProps) {
  return (
    <ReviewedCard name={creative.name} subtitle={subtitle} status={creative.status} owner={owner} ownerRole="Advertiser" actions={actions}>
      <Card.Body gap="2">
        {creative.native ? (
          <NativePreview native={creative.native} imageUrl={creative.contentUrl} advertiserName={owner?.fullName} />
        ) : (
          <CreativeThumbnail type={creative.type} contentUrl={creative.contentUrl} />
        )}
        <HStack gap="2">
          <Badge variant="outline" textTransform="capitalize">
            {creative.type}
          </Badge>
          <Badge variant="outline">
            {creative.width}x{creative.height}
          </Badge>
        </HStack>
        {children}
      </Card.Body>
    </ReviewedCard>
  );
}
