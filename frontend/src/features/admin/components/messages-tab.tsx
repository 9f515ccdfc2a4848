import { Badge, Card, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { formatDate } from "../../../components/format";
import { AdminMessagesDocument } from "../../../gql/graphql";
import { AdminListFrame, useAdminList } from "./admin-list";

export function MessagesTab() {
  const list = useAdminList();
  const query = useQuery(AdminMessagesDocument, { variables: { input: list.input } });

  return (
    <AdminListFrame
      list={list}
      noun="messages"
      searchPlaceholder="Sender's name or e-mail"
      query={query}
      pageOf={(data) => data.contactMessages}
      empty={{ title: "No messages yet", description: "Contact form messages appear here." }}
    >
      {(messages) => (
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
      )}
    </AdminListFrame>
  );
}
