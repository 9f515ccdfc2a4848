import { Accordion, Alert, Badge, HStack, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { formatDateTime } from "../../../components/format";
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
          // Each message folds to its subject, recipient and time, so a page of them reads as a list; its body opens on demand.
          <Accordion.Root multiple collapsible variant="enclosed" bg="bg.panel">
            {mails.map((mail) => (
              <Accordion.Item as="article" key={mail.id} value={String(mail.id)} aria-label={`E-mail to ${mail.recipient}: ${mail.subject}`}>
                <Accordion.ItemTrigger>
                  <Stack flex="1" gap="1" textAlign="left" minW="0">
                    <HStack justify="space-between" wrap="wrap" gap="2">
                      <Text fontWeight="semibold">{mail.subject}</Text>
                      <HStack gap="2">
                        <Badge colorPalette={STATUS_COLOURS[mail.status]}>{mail.status.toLowerCase()}</Badge>
                        <Text asChild fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                          <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
                        </Text>
                      </HStack>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted" fontWeight="normal" overflowWrap="anywhere">
                      To {mail.recipient} · {mail.kind.replace(/_/g, " ")}
                      {mail.attempts > 1 && ` · ${mail.attempts} attempts`}
                    </Text>
                  </Stack>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody>
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
                  </Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        )}
      </AdminListFrame>
    </Stack>
  );
}
