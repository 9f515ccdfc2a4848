import { Badge, Button, Card, Heading, Link, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { CopySnippet } from "../../../components/copy-snippet";
import { DataTable } from "../../../components/data-table";
import { formatCount } from "../../../components/format";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { CreateAudienceDocument, DeleteAudienceDocument, MyAudiencesDocument, type AudienceRowFragment, type FormBoundsFragment } from "../../../gql/graphql";
import { prependToList } from "../../../lib/cache-updates";
import { withFeedback } from "../../../lib/mutation-feedback";
import { audienceInput, AudienceForm, type AudienceValues } from "./audience-form";

/** How the audience's rule reads in the list: the server's words for it, and the pattern it matches. */
function whoJoins(audience: AudienceRowFragment, options: FormBoundsFragment): string {
  const label = options.audienceFields.find((field) => field.name === "rule")?.choices.find((choice) => choice.value === audience.rule)?.label ?? audience.rule;
  return audience.pagePattern ? `${label} "${audience.pagePattern}"` : label;
}

/** The advertiser's audiences: the pixel to place on their site, the list with each audience's size, a new one. */
export function AudiencesTab() {
  const query = useQuery(MyAudiencesDocument);
  const [deleting, setDeleting] = useState<AudienceRowFragment | null>(null);
  const [createAudience] = useMutation(CreateAudienceDocument, { update: (cache, { data }) => prependToList(cache, "myAudiences", data?.createAudience) });
  const [deleteAudience] = useMutation(DeleteAudienceDocument, {
    update: (cache, { data }) => {
      if (data) cache.evict({ id: cache.identify({ __typename: "Audience", id: data.deleteAudience.id }) });
    },
  });
  const create = (values: AudienceValues) => withFeedback(() => createAudience({ variables: { input: audienceInput(values) } }), { success: "Audience created", failure: "Failed to create the audience" });
  const remove = (audience: AudienceRowFragment) => withFeedback(() => deleteAudience({ variables: { id: audience.id } }), { success: `${audience.name} deleted`, failure: "Failed to delete the audience" });

  return (
    <QueryPanel {...loadStateOf(query)} failureMessage="Failed to load your audiences">
      {query.data && (
        <WithFormOptions>
          {(options) => (
            <Stack gap="6">
              <Card.Root>
                <Card.Body gap="3">
                  <Heading as="h2" size="md">Your audience pixel</Heading>
                  <Text color="fg.muted">
                    Place it on every page of your site. Visitors join your audiences only where their consent allows personalised ads, and only on your audiences' domains.
                  </Text>
                  <CopySnippet label="Audience pixel, every page" snippet={query.data.audiencePixel.tag} copyLabel="Copy audience pixel" />
                  <CopySnippet label="Audience pixel, the page a purchase ends on (Converted audiences)" snippet={query.data.audiencePixel.conversionTag} copyLabel="Copy conversion audience pixel" />
                  <Text fontSize="sm" color="fg.muted">
                    Link your privacy policy to the opt-out, where a visitor deletes their memberships: <Link href={query.data.audiencePixel.optOutUrl}>{query.data.audiencePixel.optOutUrl}</Link>
                  </Text>
                </Card.Body>
              </Card.Root>

              {query.data.myAudiences.length === 0 ? (
                <Text color="fg.muted">No audiences yet: create one below, then target it from a campaign's Audiences.</Text>
              ) : (
                <DataTable label="Audiences" columns={["Name", "Who joins", "Window", "Domains", { label: "Members", numeric: true, hint: "Distinct visitors added within the window" }, { label: "Joined today", numeric: true }, ""]}>
                  {query.data.myAudiences.map((audience) => (
                    <Table.Row key={audience.id}>
                      <Table.Cell fontWeight="medium">
                        {audience.name} <Badge variant="subtle">#{audience.id}</Badge>
                      </Table.Cell>
                      <Table.Cell>{whoJoins(audience, options)}</Table.Cell>
                      <Table.Cell>{audience.windowDays} days</Table.Cell>
                      <Table.Cell>{audience.siteDomains.join(", ")}</Table.Cell>
                      <Table.Cell textAlign="end">{formatCount(audience.members)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatCount(audience.joinedToday)}</Table.Cell>
                      <Table.Cell>
                        <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDeleting(audience)}>
                          Delete {audience.name}
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </DataTable>
              )}

              <Card.Root>
                <Card.Body gap="3">
                  <Heading as="h2" size="md">New audience</Heading>
                  <AudienceForm options={options} onSubmit={create} />
                </Card.Body>
              </Card.Root>

              <ConfirmDialog
                title="Delete audience"
                question={deleting && `Delete ${deleting.name}? Its members no longer match any campaign, and the pixel adds nobody to it.`}
                confirmLabel={deleting ? `Delete ${deleting.name}` : "Delete"}
                destructive
                onClose={() => setDeleting(null)}
                onConfirm={() => remove(deleting!)}
              />
            </Stack>
          )}
        </WithFormOptions>
      )}
    </QueryPanel>
  );
}
