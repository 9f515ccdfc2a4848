import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminStatementsDocument, type AdminStatementsQuery } from "../../../gql/graphql";
import { firstPage, listMock } from "../../../test/admin-fixtures";
import { renderScreen } from "../../../test/render";
import { StatementsTab } from "./statements-tab";

type Row = AdminStatementsQuery["statements"]["items"][number];

const invoice: Row = {
  __typename: "Statement",
  id: 4,
  kind: "INVOICE",
  number: "INV-2025-000004",
  month: "2025-03",
  total: 1250.5,
  closingBalance: -250.5,
  issuedAt: "2025-04-01T00:30:00.000Z",
  pdfPath: "/api/statements/4.pdf",
  csvPath: "/api/statements/4.csv",
  customerName: "Adam Advertiser",
  customerEmail: "adam@example.com",
};
const statement: Row = { ...invoice, id: 5, kind: "STATEMENT", number: "STM-2025-000002", total: 875.35, closingBalance: 875.35, customerName: "Paula Publisher", customerEmail: "paula@example.com" };

const page = (input: object, items: Row[]) => listMock(AdminStatementsDocument, "statements", { ...firstPage(), kind: null, ...input }, items);

jest.setTimeout(15_000);

test("admins see every document with its customer, amounts and downloads", async () => {
  renderScreen(<StatementsTab />, { mocks: [page({}, [statement, invoice])] });

  const table = await screen.findByRole("table", { name: "Statements" });
  const row = within(table).getByRole("row", { name: /INV-2025-000004/ });
  expect(within(row).getByText("Adam Advertiser")).toBeVisible();
  expect(within(row).getByText("adam@example.com")).toBeVisible();
  expect(within(row).getByText("$1,250.50")).toBeVisible();
  expect(within(row).getByText("-$250.50")).toBeVisible();
  expect(within(row).getByRole("button", { name: "Download INV-2025-000004 as PDF" })).toBeVisible();
  expect(within(table).getByRole("row", { name: /STM-2025-000002/ })).toBeVisible();
});

test("the kind filter asks the server for that kind only", async () => {
  renderScreen(<StatementsTab />, { mocks: [page({}, [statement, invoice]), page({ kind: "INVOICE" }, [invoice])] });

  await screen.findByRole("row", { name: /STM-2025-000002/ });
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Invoices");

  // The last page stays on screen until the server's answer replaces it.
  await waitFor(() => expect(screen.queryByRole("row", { name: /STM-2025-000002/ })).not.toBeInTheDocument());
  expect(screen.getByRole("row", { name: /INV-2025-000004/ })).toBeVisible();
});

test("before the first month is issued the tab says when documents come", async () => {
  renderScreen(<StatementsTab />, { mocks: [page({}, [])] });

  expect(await screen.findByText("No statements yet")).toBeVisible();
  expect(screen.getByText("Invoices and publisher statements are issued on the first of each month.")).toBeVisible();
});
