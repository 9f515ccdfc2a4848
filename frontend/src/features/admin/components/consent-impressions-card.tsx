import { Card, Table } from "@chakra-ui/react";
import { DataTable } from "../../../components/data-table";
import { formatCount } from "../../../components/format";
import type { NetworkReportQuery } from "../../../gql/graphql";

const STATES: Record<string, string> = {
  gdpr_consented: "GDPR applies, storage consented",
  gdpr_no_consent: "GDPR applies, no consent (nothing stored, no capped campaigns)",
  opted_out: "Opted out (US privacy or Global Privacy Control)",
  not_applicable: "No consent rule applies",
};

/** The network's impressions by the consent their requests carried, over the report's range. */
export function ConsentImpressions({ counts }: { counts: NetworkReportQuery["networkReport"]["consent"] }) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h3">Impressions by consent</Card.Title>
      </Card.Header>
      <Card.Body>
        <DataTable label="Impressions by consent" columns={["Consent", { label: "Impressions", numeric: true }]}>
          {counts.map((count) => (
            <Table.Row key={count.state}>
              <Table.Cell>{STATES[count.state] ?? count.state.replaceAll("_", " ")}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(count.impressions)}</Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      </Card.Body>
    </Card.Root>
  );
}
