import { Badge, Card, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatDate } from "../../../components/format";
import type { AdminDashboardQuery } from "../../../gql/graphql";

type ContactMessage = AdminDashboardQuery["contactMessages"][number];

export function MessagesTab({ messages }: { messages: ContactMessage[] }) {
  if (messages.length === 0) return <EmptyPanel title="No messages yet" description="Contact form messages appear here." />;

  return (
    <Stack gap="3">
      {messages.map((m) => (
        <Card.Root as="article" key={m.id} size="sm" aria-label={`Message from ${m.name}`}>
          <Card.Header>
            <HStack justify="space-between" wrap="wrap">
              <Text fontWeight="semibold">
                {m.name} ·{" "}
                <Link href={`mailto:${m.email}`} colorPalette="brand">
                  {m.email}
                </Link>
              </Text>
              <HStack>
                <Badge textTransform="capitalize">{m.subject}</Badge>
                <Text fontSize="sm" color="fg.muted">
                  {formatDate(m.createdAt)}
                </Text>
              </HStack>
            </HStack>
          </Card.Header>
          <Card.Body>
            <Text whiteSpace="pre-wrap">{m.message}</Text>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
