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
  targetUserId: 7,
  ip: "203.0.113.9",
  before: '{"status":"active"}',
  after: '{"status":"suspended","reason":"Click fraud"}',
  createdAt: "2025-04-02T09:00:00.000Z",
  ...over,
});

const input = (over: object = {}) => ({ actor: null, offset: 0, limit: 20, action: null, targetType: null, targetId: null, from: null, to: null, ...over });

jest.setTimeout(15_000);

test("shows who did what to which target, from where, with the change", async () => {
  renderScreen(<AuditTab />, { mocks: [listMock(AuditLogDocument, "auditLog", input(), [entry()])] });
  const row = await screen.findByRole("row", { name: /admin@adnet\.test/ });
  expect(within(row).getByText("Account suspended")).toBeVisible();
  expect(within(row).getByText("user #7")).toBeVisible();
  expect(within(row).getByText("203.0.113.9")).toBeVisible();
  expect(within(row).getByText("status: active")).toBeVisible();
  expect(within(row).getByText(/reason: Click fraud/)).toBeVisible();
});

test("filters by action, target and target number", async () => {
  renderScreen(<AuditTab />, {
    mocks: [
      listMock(AuditLogDocument, "auditLog", input(), [entry()]),
      listMock(AuditLogDocument, "auditLog", input({ action: "API_KEY_REVOKED" }), []),
      listMock(AuditLogDocument, "auditLog", input({ action: "API_KEY_REVOKED", targetType: "api_key" }), []),
      listMock(AuditLogDocument, "auditLog", input({ action: "API_KEY_REVOKED", targetType: "api_key", targetId: 4 }), [
        entry({ id: 2, action: "API_KEY_REVOKED", targetType: "api_key", targetId: 4, before: '{"name":"Sync","prefix":"adn_live_ab12"}', after: null }),
      ]),
    ],
  });
  await screen.findByRole("row", { name: /Account suspended/ });
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Action" }), "API key revoked");
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Target" }), "api key");
  await userEvent.type(screen.getByLabelText("Target #"), "4");
  const row = await screen.findByRole("row", { name: /API key revoked/ });
  expect(within(row).getByText("api key #4")).toBeVisible();
});
