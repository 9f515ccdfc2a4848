import { ChakraProvider, Table } from "@chakra-ui/react";
import { render, screen, within } from "@testing-library/react";
import { system } from "../app/theme";
import { DataTable } from "./data-table";

const renderTable = (cardsOnPhones: boolean) =>
  render(
    <ChakraProvider value={system}>
      <DataTable label="Users" columns={["Name", "Email"]} cardsOnPhones={cardsOnPhones}>
        <Table.Row>
          <Table.Cell>Pat Page</Table.Cell>
          <Table.Cell>pat@example.com</Table.Cell>
        </Table.Row>
      </DataTable>
    </ChakraProvider>,
  );

// jsdom applies a style's phone value (no media query) and ignores the `md` ones.
test("on a phone a list of cards shows each row as a block, its headers hidden from the eye but still naming the cells", () => {
  renderTable(true);

  const table = screen.getByRole("table", { name: "Users" });
  expect(within(table).getByRole("row", { name: /Pat Page/ })).toHaveStyle({ display: "block" });
  expect(within(table).getByRole("cell", { name: "pat@example.com" })).toHaveStyle({ display: "grid" });
  expect(within(table).getByRole("columnheader", { name: "Email" }).closest("thead")).toHaveStyle({ position: "absolute", overflow: "hidden" });
});

test("a plain table keeps its rows as rows on a phone", () => {
  renderTable(false);

  expect(within(screen.getByRole("table", { name: "Users" })).getByRole("row", { name: /Pat Page/ })).not.toHaveStyle({ display: "block" });
});
