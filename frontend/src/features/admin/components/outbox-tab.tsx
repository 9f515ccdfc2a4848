import { Alert, Badge, Card, HStack, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { formatDate } from "../../../components/format";
import { MailOutboxDocument, type MailStatus } from "../../../gql/graphql";
import { AdminListFrame, statusOptions, useAdminList } from "./admin-list";

const STATUSES = statusOptions<MailStatus>(["OUTBOX", "PENDING", "SENT", "FAILED"]);
const STATUS_COLOURS: Record<MailStatus, string> = { OUTBOX: "blue", PENDING: "yellow", SENT: "green", FAILED: "red" };

/** Every e-mail the server sent or keeps: with no SMTP server configured, the only place the links arrive. */
export function OutboxTab() {
  const list = useAdminList<MailStatus>();
  const query = useQuery(MailOutboxDocument, { variables: { input: { ...list.input, status: list.status } } });
  const outboxMode = (query.data ?? query.previousData)?.mailSettings.mode === "OUTBOX";

  return (
    <Stack gap="4">
      {outboxMode && (
        <Alert.Root status="info" variant="subtle">
          <Alert.Indicator />
          <Alert.Title>No SMTP server is configured (SMTP_URL), so e-mails are kept here instead of being sent.</Alert.Title>
        </Alert.Root>
      )}
      <AdminListFrame
        list={list}
        noun="e-mails"
        searchPlaceholder="Recipient or subject"
        statuses={STATUSES}
        query={query}
        pageOf={(data) => data.mailOutbox}
        failureMessage="Failed to load the outbox"
        empty={{ title: "No e-mails yet", description: "Verification links, password resets and notifications appear here." }}
      >
        {(mails) => (
          <Stack gap="3">
            {mails.map((mail) => (
              <Card.Root as="article" key={mail.id} size="sm" aria-label={`E-mail to ${mail.recipient}: ${mail.subject}`}>
                <Card.Header>
                  <HStack justify="space-between" wrap="wrap">
                    <Text fontWeight="semibold">{mail.subject}</Text>
                    <HStack>
                      <Badge colorPalette={STATUS_COLOURS[mail.status]}>{mail.status.toLowerCase()}</Badge>
                      <Text fontSize="sm" color="fg.muted">
                        {formatDate(mail.createdAt)}
                      </Text>
                    </HStack>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    To {mail.recipient} · {mail.kind.replace(/_/g, " ")}
                    {mail.attempts > 1 && ` · ${mail.attempts} attempts`}
                  </Text>
                </Card.Header>
                <Card.Body>
                  {mail.lastError && (
                    <Text fontSize="sm" color="fg.error">
                      Last error: {mail.lastError}
                    </Text>
                  )}
                  {mail.text ? (
                    <Text whiteSpace="pre-wrap" fontSize="sm" wordBreak="break-all">
                      {mail.text}
                    </Text>
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      The body is not kept once a message is sent.
                    </Text>
                  )}
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}
      </AdminListFrame>
    </Stack>
  );
}
