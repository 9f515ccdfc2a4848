import { Badge, Button, Checkbox, HStack, Input, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { useState, type FormEvent } from "react";
import { CopySnippet } from "../../../components/copy-snippet";
import { DataTable } from "../../../components/data-table";
import { FormField } from "../../../components/form/form-field";
import { requiredMessage } from "../../../components/form/validation";
import { formatDate } from "../../../components/format";
import { CreateApiKeyDocument, MyApiKeysDocument, RevokeApiKeyDocument } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";
import { serverFieldError } from "../../../lib/server-error-message";

const refetch = { refetchQueries: [MyApiKeysDocument], awaitRefetchQueries: true };

/** Settings: keys for integrations, each shown once when made, then known by its prefix. */
export function ApiKeysSection() {
  const keys = useQuery(MyApiKeysDocument);
  const [name, setName] = useState("");
  const [readOnly, setReadOnly] = useState(false);
  const [error, setError] = useState<string>();
  const [secret, setSecret] = useState<string | null>(null);
  const [createKey, { loading }] = useMutation(CreateApiKeyDocument, refetch);
  const [revokeKey] = useMutation(RevokeApiKeyDocument, refetch);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(requiredMessage("Name"));
    const outcome = await withFeedback(() => createKey({ variables: { input: { name: name.trim(), readOnly } } }), {
      success: "API key created: copy it now, it is not shown again",
      failure: "Could not create the API key",
    });
    if (outcome.ok && outcome.result.data) {
      setSecret(outcome.result.data.createApiKey.secret);
      setName("");
      setReadOnly(false);
      return;
    }
    const refusal = outcome.ok ? undefined : serverFieldError(outcome.error);
    if (refusal) setError(refusal.message);
  };

  const revoke = (id: number, keyName: string) =>
    withFeedback(() => revokeKey({ variables: { id } }), { success: `API key "${keyName}" revoked`, failure: "Could not revoke the API key" });

  return (
    <Stack gap="3">
      <Text fontSize="sm">
        Send a key as <code>Authorization: Bearer &lt;key&gt;</code> to /graphql or /api. It acts as you; a read-only key may only read.
      </Text>
      {secret && <CopySnippet label="New API key" snippet={secret} copyLabel="Copy the new API key" />}
      <form onSubmit={submit} noValidate aria-label="New API key">
        <Stack gap="3">
          <FormField label="Key name" error={error} required>
            <Input
              value={name}
              maxLength={80}
              placeholder="Nightly report sync"
              onChange={(e) => {
                setName(e.target.value);
                setError(undefined);
              }}
            />
          </FormField>
          <HStack gap="4" wrap="wrap">
            <Checkbox.Root checked={readOnly} onCheckedChange={(e) => setReadOnly(e.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Read-only</Checkbox.Label>
            </Checkbox.Root>
            <Button type="submit" variant="outline" loading={loading}>
              Create key
            </Button>
          </HStack>
        </Stack>
      </form>
      {keys.data && keys.data.myApiKeys.length > 0 && (
        // A row to a card on a phone, and few enough columns that Revoke shows beside them on a wider screen.
        <DataTable label="Your API keys" cardsOnPhones columns={["Name", "Key", "Access", "Created", "Last used", ""]}>
          {keys.data.myApiKeys.map((key) => (
            <Table.Row key={key.id}>
              <Table.Cell>
                {/* A long name wraps rather than push Revoke out of sight: the table's scroll area keeps its cells on one line. */}
                <Text as="span" whiteSpace="normal" overflowWrap="anywhere">
                  {key.name}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <code>{key.prefix}…</code>
              </Table.Cell>
              <Table.Cell>{key.readOnly ? <Badge>read-only</Badge> : <Badge colorPalette="brand">full</Badge>}</Table.Cell>
              <Table.Cell>{formatDate(key.createdAt)}</Table.Cell>
              <Table.Cell>{key.lastUsedAt ? formatDate(key.lastUsedAt) : "Never"}</Table.Cell>
              <Table.Cell>
                {key.revokedAt ? (
                  <Badge colorPalette="red">revoked</Badge>
                ) : (
                  <Button size="xs" variant="outline" colorPalette="red" aria-label={`Revoke ${key.name}`} onClick={() => void revoke(key.id, key.name)}>
                    Revoke
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
