import { Badge, HStack, Table } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { formatDate } from "../../../components/format";
import { AdminPublishersDocument } from "../../../gql/graphql";
import { AdminListFrame, useAdminList } from "./admin-list";
import { RevenueShareForm } from "./revenue-share-form";

export function PublishersTab() {
  const list = useAdminList();
  const query = useQuery(AdminPublishersDocument, { variables: { input: list.input } });

  return (
    <AdminListFrame
      list={list}
      noun="publishers"
      searchPlaceholder="Name or e-mail"
      query={query}
      pageOf={(data) => data.publishers}
      empty={{ title: "No publishers yet", description: "Publishers appear here once they sign up." }}
      table={{ label: "Publishers", columns: ["Name", "Email", "Joined", "Revenue share", "Change share"] }}
    >
      {(publishers) =>
        publishers.map((p) => (
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
        ))
      }
    </AdminListFrame>
  );
}
