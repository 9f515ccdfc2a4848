import { Badge, Card, EmptyState, VStack } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface EmptyPanelProps {
  title: string;
  description?: string;
  action?: ReactNode;
  comingSoon?: boolean;
}

/** What a tab shows when it has nothing to list yet, or nothing built yet. */
export function EmptyPanel({ title, description, action, comingSoon }: EmptyPanelProps) {
  return (
    <Card.Root variant="outline">
      <EmptyState.Root>
        <EmptyState.Content>
          <VStack textAlign="center" gap="2">
            {comingSoon && <Badge colorPalette="brand">Coming soon</Badge>}
            <EmptyState.Title>{title}</EmptyState.Title>
            {description && <EmptyState.Description>{description}</EmptyState.Description>}
          </VStack>
          {action}
        </EmptyState.Content>
      </EmptyState.Root>
    </Card.Root>
  );
}
