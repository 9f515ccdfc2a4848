import { Badge, Card, HStack, Table } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { DataTable } from "../../../components/data-table";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatDate } from "../../../components/format";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { AdminPublishersDocument } from "../../../gql/graphql";
import { RevenueShareForm } from "./revenue-share-form";

export function PublishersTab() {
  const query = useQuery(AdminPublishersDocument);
  const { data } = query;
  const publishers = data?.publishers ?? [];

  return (
    <QueryPanel
      {...loadStateOf(query)}
      failureMessage="Failed to load publishers"
    >
      {publishers.length === 0 ? (
        <EmptyPanel title="No publishers yet" description="Publishers appear here once they sign up." />
      ) : (
        <Card.Root>
          <Card.Body>
            <DataTable label="Publishers" columns={["Name", "Email", "Joined", "Revenue share", "Change share"]}>
              {publishers.map((p) => (
                <Table.Row key={p.id}>
                  <Table.Cell>{p.fullName}</Table.Cell>
                  <Table.Cell>{p.email}</Table.Cell>
                  <Table.Cell>{formatDate(p.createdAt)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2">
                      {p.revenueSharePercent}%
                      {p.customRevenueShare && (
                        <Badge colorPalette="brand" size="sm">
                          custom
                        </Badge>
                      )}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    {/* Keyed by the saved share so the field shows the new value after the reload. */}
                    <RevenueShareForm key={p.revenueSharePercent} publisher={p} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </DataTable>
          </Card.Body>
        </Card.Root>
      )}
    </QueryPanel>
  );
}
