import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AuditLogDocument, type AuditEntryFieldsFragment } from "../../../gql/graphql";
import { listMock } from "../../../test/admin-fixtures";
import { renderScreen } from "../../../test/render";
import { AuditTab } from "./audit-tab";

const entry = (over: Partial<AuditEntryFieldsFragment> = {}): AuditEntryFieldsFragment => ({
  __typename: "AuditEntry",
  id: 1,
  actorId: 1,
  actorEmail: "admin@adnet.test",
  action: "ACCOUNT_SUSPENDED",
  targetType: "user",
  targetId: 7,
  targetName: "Jane Doe",
  targetUserId: 7,
  ip: "203.0.113.9",
  before: '{"status":"active"}',
  after: '{"status":"suspended","reason":"Click fraud"}',
  changes: [
    { __typename: "AuditChange", field: "Status", from: "Active", to: "Suspended" },
    { __typename: "AuditChange", field: "Reason", from: null, to: "Click fraud" },
  ],
  createdAt: "2025-04-02T09:00:00.000Z",
  ...over,
});

const input = (over: object = {}) => ({ actor: null, offset: 0, limit: 20, action: null, targetType: null, targetId: null, from: null, to: null, ...over });

jest.setTimeout(15_000);

test("shows when, who, what to which object and each change in its own column, in words, with links", async () => {
  const edited = entry({
    id: 2,
    action: "CAMPAIGN_UPDATED",
    targetType: "campaign",
    targetId: 20,
    targetName: "Spring Sale",
    targetUserId: 2,
    ip: null,
    before: '{"budgetMicros":1500000000}',
    after: '{"budgetMicros":2000000000}',
    changes: [
      { __typename: "AuditChange", field: "Budget", from: "$1,500.00", to: "$2,000.00" },
      { __typename: "AuditChange", field: "Targeting", from: "Everyone", to: "Devices: only mobile" },
    ],
  });
  renderScreen(<AuditTab />, { mocks: [listMock(AuditLogDocument, "auditLog", input(), [entry(), edited])] });

  const table = await screen.findByRole("table", { name: "Audit log" });
  expect(within(table).getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["When", "Who", "Action", "Changes"]);
  const [suspended, budget] = within(table).getAllByRole("row").slice(1);
  const cells = within(suspended).getAllByRole("cell");
  expect(cells).toHaveLength(4);
  expect(within(cells[1]).getByRole("link", { name: "admin@adnet.test" })).toHaveAttribute("href", "/admin/users/1");
  expect(within(cells[1]).getByText("from 203.0.113.9")).toBeVisible();
  expect(within(cells[2]).getByText("Account suspended")).toBeVisible();
  expect(within(cells[2]).getByRole("link", { name: "Jane Doe" })).toHaveAttribute("href", "/admin/users/7");
  expect(within(cells[3]).getAllByRole("listitem").map((line) => line.textContent)).toEqual(["Status: Active → Suspended", "Reason: Click fraud"]);

  const budgetCells = within(budget).getAllByRole("cell");
  expect(within(budgetCells[2]).getByRole("link", { name: "Spring Sale" })).toHaveAttribute("href", "/admin/campaigns?search=Spring+Sale");
  expect(within(budgetCells[3]).getAllByRole("listitem").map((line) => line.textContent)).toEqual(["Budget: $1,500.00 → $2,000.00", "Targeting: Everyone → Devices: only mobile"]);
  expect(table).not.toHaveTextContent(/budgetMicros|1500000000|\{/);
});

test("filters by action, target and target number", async () => {
  renderScreen(<AuditTab />, {
    mocks: [
      listMock(AuditLogDocument, "auditLog", input(), [entry()]),
      listMock(AuditLogDocument, "auditLog", input({ action: "API_KEY_REVOKED" }), []),
      listMock(AuditLogDocument, "auditLog", input({ action: "API_KEY_REVOKED", targetType: "api_key" }), []),
      listMock(AuditLogDocument, "auditLog", input({ action: "API_KEY_REVOKED", targetType: "api_key", targetId: 4 }), [
        entry({
          id: 2,
          action: "API_KEY_REVOKED",
          targetType: "api_key",
          targetId: 4,
          targetName: "Sync",
          before: '{"name":"Sync","prefix":"adn_live_ab12"}',
          after: null,
          changes: [{ __typename: "AuditChange", field: "Name", from: "Sync", to: null }],
        }),
      ]),
    ],
  });
  await screen.findByRole("row", { name: /Account suspended/ });
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Action" }), "API key revoked");
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Target" }), "api key");
  await userEvent.type(screen.getByLabelText("Target #"), "4");
  const row = await screen.findByRole("row", { name: /API key revoked/ });
  expect(within(row).getByRole("link", { name: "Sync" })).toHaveAttribute("href", "/admin/users/7");
});
