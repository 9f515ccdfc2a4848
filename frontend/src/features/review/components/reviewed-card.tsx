import { Card, HStack, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { StatusBadge } from "../../../components/ui/status-badge";
import { OwnerNote, type Owner } from "./owner-note";

interface ReviewedCardProps {
  /** The card's title and its name for screen readers. */
  name: string;
  /** Under the name: a site's domain, a campaign's dates, a creative's campaign. */
  subtitle: ReactNode;
  status: string;
  /** Who owns it, for the admins; its owner knows who they are. */
  owner?: Owner | null;
  /** What its owner is called, whoever is looking. */
  ownerRole: "Publisher" | "Advertiser";
  /** Buttons for whoever is looking; no footer without any. */
  actions?: ReactNode;
  /** The card's body. */
  children: ReactNode;
}

/**
 * Something an owner submits and the admins review (a site, a campaign, a creative), as both see
 * it: its name, its status and, for the admins, whose it is; the body is the kind's own.
 */
export function ReviewedCard({ name, subtitle, status, owner, ownerRole, actions, children }: ReviewedCardProps) {
  return (
    <Card.Root as="article" aria-label={name}>
      <Card.Header>
        <HStack justify="space-between" align="flex-start" gap="3">
          <Stack gap="0" minW="0">
            <Card.Title>{name}</Card.Title>
            <Text color="fg.muted" fontSize="sm">
              {subtitle}
            </Text>
            {owner && <OwnerNote role={ownerRole} owner={owner} />}
          </Stack>
          <StatusBadge status={status} />
        </HStack>
      </Card.Header>
      {children}
      {actions && <Card.Footer gap="2">{actions}</Card.Footer>}
    </Card.Root>
  );
}
