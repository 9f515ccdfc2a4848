import { Badge, Box, Button, Checkbox, Code, HStack, Input, Stack, Table, Text, Wrap } from "@chakra-ui/react";
import { useLazyQuery, useMutation, useQuery } from "@apollo/client/react";
import { useState, type FormEvent } from "react";
import { CopySnippet } from "../../../components/copy-snippet";
import { DataTable } from "../../../components/data-table";
import { FormField } from "../../../components/form/form-field";
import { requiredMessage } from "../../../components/form/validation";
import { formatDate, formatDateTime } from "../../../components/format";
import {
  CreateWebhookEndpointDocument,
  DeleteWebhookEndpointDocument,
  MyWebhookEndpointsDocument,
  RedeliverWebhookDocument,
  RotateWebhookSecretDocument,
  UpdateWebhookEndpointDocument,
  WebhookDeliveriesDocument,
  type WebhookEndpointFieldsFragment,
} from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";
import { serverFieldError } from "../../../lib/server-error-message";

const refetch = { refetchQueries: [MyWebhookEndpointsDocument], awaitRefetchQueries: true };

/** The server's words for each event type; a type it no longer lists keeps its machine name. */
type EventLabels = ReadonlyMap<string, string>;

/** An event in words, with the machine name integrators match on beside it, small. */
function EventName({ type, labels }: { type: string; labels: EventLabels }) {
  const label = labels.get(type);
  return (
    <Text as="span">
      {label ?? type}
      {label && (
        <Code size="sm" variant="plain" color="fg.muted" ms="1.5">
          {type}
        </Code>
      )}
    </Text>
  );
}

/** Settings: where AdNet POSTs signed events, each endpoint's secret shown once when made or rotated. */
export function WebhooksSection() {
  const endpoints = useQuery(MyWebhookEndpointsDocument);
  const events = endpoints.data?.formOptions.webhookEvents ?? [];
  const labels: EventLabels = new Map(events.map(({ value, label }) => [value, label]));
  const [url, setUrl] = useState("");
  const [types, setTypes] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ url?: string; eventTypes?: string }>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreateWebhookEndpointDocument, refetch);
  const [rotate] = useMutation(RotateWebhookSecretDocument);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setErrors({ url: requiredMessage("Endpoint URL") });
    if (types.length === 0) return setErrors({ eventTypes: "Choose at least one event" });
    const outcome = await withFeedback(() => create({ variables: { input: { url: url.trim(), eventTypes: types } } }), {
      success: "Webhook endpoint added: copy its signing secret now, it is not shown again",
      failure: "Could not add the webhook endpoint",
    });
    if (outcome.ok && outcome.result.data) {
      setSecret(outcome.result.data.createWebhookEndpoint.secret);
      setUrl("");
      setTypes([]);
      return;
    }
    const refusal = outcome.ok ? undefined : serverFieldError(outcome.error);
    if (refusal) setErrors({ [refusal.field === "eventTypes" ? "eventTypes" : "url"]: refusal.message });
  };

  const rotateSecret = async (endpoint: WebhookEndpointFieldsFragment) => {
    const outcome = await withFeedback(() => rotate({ variables: { id: endpoint.id } }), {
      success: "New signing secret made: the old one still signs for 24 hours",
      failure: "Could not rotate the secret",
    });
    if (outcome.ok && outcome.result.data) setSecret(outcome.result.data.rotateWebhookSecret.secret);
  };

  const toggle = (type: string, on: boolean) => {
    setTypes((current) => (on ? [...current, type] : current.filter((chosen) => chosen !== type)));
    setErrors({});
  };

  return (
    <Stack gap="3">
      <Text fontSize="sm">
        AdNet POSTs each event you choose to your endpoint, signed in the <code>AdNet-Signature</code> header, and retries for three days.
      </Text>
      {secret && <CopySnippet label="Signing secret" snippet={secret} copyLabel="Copy the signing secret" />}
      <form onSubmit={submit} noValidate aria-label="New webhook endpoint">
        <Stack gap="3">
          <FormField label="Endpoint URL" error={errors.url} required>
            <Input
              value={url}
              placeholder="https://example.com/adnet-events"
              onChange={(e) => {
                setUrl(e.target.value);
                setErrors({});
              }}
            />
          </FormField>
          <FormField label="Events" error={errors.eventTypes} required>
            <Wrap gap="3">
              {events.map(({ value }) => (
                <Checkbox.Root key={value} checked={types.includes(value)} onCheckedChange={(e) => toggle(value, e.checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    <EventName type={value} labels={labels} />
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Wrap>
          </FormField>
          <HStack>
            <Button type="submit" variant="outline" loading={loading}>
              Add endpoint
            </Button>
          </HStack>
        </Stack>
      </form>
      {endpoints.data && endpoints.data.myWebhookEndpoints.length > 0 && (
        <Stack as="ul" listStyle="none" gap="3" aria-label="Your webhook endpoints">
          {endpoints.data.myWebhookEndpoints.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} labels={labels} onRotate={() => void rotateSecret(endpoint)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One endpoint as a card, so its address, events and actions fit any width; its delivery log opens below them. */
function EndpointCard({ endpoint, labels, onRotate }: { endpoint: WebhookEndpointFieldsFragment; labels: EventLabels; onRotate(): void }) {
  const [update] = useMutation(UpdateWebhookEndpointDocument, refetch);
  const [remove] = useMutation(DeleteWebhookEndpointDocument, refetch);
  const [loadDeliveries, deliveries] = useLazyQuery(WebhookDeliveriesDocument, { fetchPolicy: "network-only" });
  const [redeliver] = useMutation(RedeliverWebhookDocument);
  const showDeliveries = () => void loadDeliveries({ variables: { endpointId: endpoint.id } });

  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" aria-label={endpoint.url}>
      <Stack gap="3">
        <HStack justify="space-between" align="flex-start" gap="3">
          <Code variant="plain" fontSize="sm" overflowWrap="anywhere" whiteSpace="normal">
            {endpoint.url}
          </Code>
          {endpoint.enabled ? (
            <Badge colorPalette={endpoint.failingSince ? "orange" : "green"}>{endpoint.failingSince ? "failing" : "on"}</Badge>
          ) : (
            <Badge colorPalette="red">off</Badge>
          )}
        </HStack>
        <Stack as="ul" listStyle="none" gap="0.5" fontSize="sm" aria-label={`Events sent to ${endpoint.url}`}>
          {endpoint.eventTypes.map((type) => (
            <li key={type}>
              <EventName type={type} labels={labels} />
            </li>
          ))}
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          Added {formatDate(endpoint.createdAt)}
        </Text>
        <Wrap gap="2">
          <Button size="xs" variant="outline" aria-label={`Deliveries to ${endpoint.url}`} onClick={showDeliveries}>
            Deliveries
          </Button>
          {!endpoint.enabled && (
            <Button
              size="xs"
              variant="outline"
              aria-label={`Turn on ${endpoint.url}`}
              onClick={() => void withFeedback(() => update({ variables: { id: endpoint.id, input: { enabled: true } } }), { success: "Endpoint turned on", failure: "Could not turn the endpoint on" })}
            >
              Turn on
            </Button>
          )}
          <Button size="xs" variant="outline" aria-label={`Rotate the secret of ${endpoint.url}`} onClick={onRotate}>
            Rotate secret
          </Button>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`Delete ${endpoint.url}`}
            onClick={() => void withFeedback(() => remove({ variables: { id: endpoint.id } }), { success: "Webhook endpoint deleted", failure: "Could not delete the endpoint" })}
          >
            Delete
          </Button>
        </Wrap>
        {deliveries.data &&
          (deliveries.data.webhookDeliveries.length === 0 ? (
            <Text fontSize="sm">No deliveries yet.</Text>
          ) : (
            <DataTable label={`Deliveries to ${endpoint.url}`} cardsOnPhones columns={["Event", "Status", "Attempts", "Answer", "Took", "Last attempt", ""]}>
              {deliveries.data.webhookDeliveries.map((delivery) => (
                <Table.Row key={delivery.id}>
                  <Table.Cell>
                    <EventName type={delivery.eventType} labels={labels} />
                  </Table.Cell>
                  <Table.Cell>{delivery.status}</Table.Cell>
                  <Table.Cell>{delivery.attempts}</Table.Cell>
                  <Table.Cell>{delivery.lastError ?? delivery.lastStatusCode ?? "—"}</Table.Cell>
                  <Table.Cell>{delivery.lastResponseMs === null || delivery.lastResponseMs === undefined ? "—" : `${delivery.lastResponseMs} ms`}</Table.Cell>
                  <Table.Cell>{delivery.lastAttemptAt ? formatDateTime(delivery.lastAttemptAt) : "—"}</Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={`Redeliver ${labels.get(delivery.eventType) ?? delivery.eventType} #${delivery.id}`}
                      onClick={() =>
                        void withFeedback(() => redeliver({ variables: { id: delivery.id } }).then(showDeliveries), { success: "Sent again at the next dispatch", failure: "Could not redeliver" })
                      }
                    >
                      Redeliver
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </DataTable>
          ))}
      </Stack>
    </Box>
  );
}
