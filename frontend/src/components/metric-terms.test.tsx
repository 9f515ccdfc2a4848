import { Table } from "@chakra-ui/react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderScreen } from "../test/render";
import { DataTable } from "./data-table";
import { METRIC_TERMS, termed } from "./metric-terms";
import { StatCardGrid } from "./stat-card-grid";

test("each meaning of revenue has one word, and hovering or focusing it says what it means", async () => {
  renderScreen(
    <>
      <StatCardGrid stats={[{ ...termed(METRIC_TERMS.advertiserSpend), value: "$1,234.50" }]} />
      <DataTable label="Books" columns={[{ ...termed(METRIC_TERMS.publisherEarnings), numeric: true }, { ...termed(METRIC_TERMS.networkRevenue), numeric: true, sort: { direction: null, onSort: () => undefined } }]}>
        <Table.Row>
          <Table.Cell>$864.15</Table.Cell>
          <Table.Cell>$370.35</Table.Cell>
        </Table.Row>
      </DataTable>
    </>,
  );

  await userEvent.hover(await screen.findByText("Advertiser spend"));
  expect(await screen.findByRole("tooltip")).toHaveTextContent("What advertisers paid for the ads shown: the network's gross, before publishers' shares.");
  await userEvent.unhover(screen.getByText("Advertiser spend"));

  await userEvent.hover(screen.getByText("Publisher earnings"));
  expect(await screen.findByRole("tooltip", { name: /their share of advertiser spend/ })).toBeVisible();
  await userEvent.unhover(screen.getByText("Publisher earnings"));

  // A sortable header's own button carries the definition: no second stop for the keyboard inside it.
  await userEvent.hover(screen.getByRole("button", { name: "Network revenue" }));
  expect(await screen.findByRole("tooltip", { name: "What the network keeps: advertiser spend less publisher earnings." })).toBeVisible();
});
