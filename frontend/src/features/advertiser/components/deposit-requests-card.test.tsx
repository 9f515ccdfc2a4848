import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CancelDepositDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { depositRequest, myFunds } from "../test/advertiser-mocks";
import { DepositRequestsCard } from "./deposit-requests-card";

jest.setTimeout(15_000);

const bank = myFunds().result.data.myFunds.bank;
const pending = depositRequest({ id: 7, reference: "ADN-7KQ4-M2XP", amount: 1000 });
const received = depositRequest({
  id: 6,
  reference: "ADN-2B3C-4D5E",
  amount: 1500,
  received: 1480.5,
  note: "Bank fee deducted",
  status: "RECEIVED",
  receivedAt: "2025-03-05T08:00:00.000Z",
  actions: [],
});

// The status colours are statusPalette's (status-badge.test.tsx); the browser spec sees them drawn.
test("each request shows the amount announced and the amount received, the admin's note, and its status", async () => {
  renderScreen(<DepositRequestsCard requests={[pending, received]} bank={bank} />);

  const arrived = await screen.findByRole("row", { name: /ADN-2B3C-4D5E/ });
  expect(within(arrived).getByText("$1,500.00")).toBeVisible();
  expect(within(arrived).getByText("$1,480.50")).toBeVisible();
  expect(within(arrived).getByText("Bank fee deducted")).toBeVisible();
  expect(within(arrived).getByText("received")).toBeVisible();
  expect(within(arrived).queryByRole("button")).toBeNull();
  const awaited = screen.getByRole("row", { name: /ADN-7KQ4-M2XP/ });
  expect(within(awaited).getByText("pending")).toBeVisible();
  expect(within(awaited).getAllByText("—")).toHaveLength(2);
});

test("a pending request's transfer details open again, with the reference and IBAN to copy", async () => {
  const user = userEvent.setup();
  renderScreen(<DepositRequestsCard requests={[pending]} bank={bank} />);

  await user.click(await screen.findByRole("button", { name: "Transfer details of ADN-7KQ4-M2XP" }));
  const details = await screen.findByRole("dialog", { name: "Transfer details" });
  expect(within(details).getByText("$1,000.00")).toBeVisible();
  await user.click(within(details).getByRole("button", { name: "Copy payment reference" }));
  expect(await screen.findByText("Payment reference copied to clipboard")).toBeVisible();
  expect(await navigator.clipboard.readText()).toBe("ADN-7KQ4-M2XP");
  await user.click(within(details).getByRole("button", { name: "Copy IBAN" }));
  expect(await navigator.clipboard.readText()).toBe("GB33BUKB20201555555555");
});

test("the advertiser cancels a pending request after confirming, and the row shows it cancelled with no more buttons", async () => {
  const cancelled = { ...pending, status: "CANCELLED" as const, actions: [] };
  renderScreen(<DepositRequestsCard requests={[pending]} bank={bank} />, {
    mocks: [{ request: { query: CancelDepositDocument, variables: { id: 7 } }, result: { data: { cancelDeposit: cancelled } } }],
  });

  await userEvent.click(await screen.findByRole("button", { name: "Cancel ADN-7KQ4-M2XP" }));
  const confirm = await screen.findByRole("dialog", { name: "Cancel deposit request" });
  expect(within(confirm).getByText(/Cancel the request ADN-7KQ4-M2XP for \$1,000.00\?/)).toBeVisible();
  await userEvent.click(within(confirm).getByRole("button", { name: "Cancel request" }));
  expect(await screen.findByText("Request ADN-7KQ4-M2XP cancelled")).toBeVisible();
});

test("no cancel button is drawn when the server allows no move", async () => {
  renderScreen(<DepositRequestsCard requests={[{ ...pending, actions: [] }]} bank={bank} />);
  const row = await screen.findByRole("row", { name: /ADN-7KQ4-M2XP/ });
  expect(within(row).queryByRole("button", { name: /Cancel/ })).toBeNull();
});
