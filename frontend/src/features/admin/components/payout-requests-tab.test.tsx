import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  AdminPayoutsDocument,
  MarkPayoutPaidDocument,
  type AdminPayoutFragment,
  type PayoutStatus,
} from "../../../gql/graphql";
import { adminPayout, firstPage, listMock } from "../../../test/admin-fixtures";
import { renderScreen } from "../../../test/render";
import { PayoutRequestsTab } from "./payout-requests-tab";

const requested = adminPayout();
const paid = adminPayout({ status: "PAID", nextActions: [], paidAt: "2025-04-03T15:00:00.000Z", paidMethod: "PAYPAL", paidReference: "PP-7781" });

const payouts = (status: PayoutStatus, list: AdminPayoutFragment[]) => listMock(AdminPayoutsDocument, "payouts", firstPage({ status }), list);

jest.setTimeout(15_000);

test("each request names its publisher and e-mail, not a number", async () => {
  renderScreen(<PayoutRequestsTab />, { mocks: [payouts("REQUESTED", [requested])] });

  const row = await screen.findByRole("row", { name: /Jane Doe/ });
  expect(within(row).getByText("jane@example.com")).toBeVisible();
  expect(within(row).getByText("$123.45")).toBeVisible();
  expect(within(row).getByText("PayPal")).toBeVisible();
  expect(within(row).getByText("j***@example.com")).toBeVisible();
  expect(screen.queryByText(/Publisher #/)).not.toBeInTheDocument();
});

test("Mark Paid asks first, and Cancel sends nothing", async () => {
  const sent = jest.fn(() => ({ data: { markPayoutPaid: paid } }));
  renderScreen(<PayoutRequestsTab />, {
    mocks: [payouts("REQUESTED", [requested]), { request: { query: MarkPayoutPaidDocument, variables: { id: 31, input: { method: "PAYPAL", reference: "PP-7781" } } }, result: sent }],
  });

  await userEvent.click(within(await screen.findByRole("row", { name: /Jane Doe/ })).getByRole("button", { name: "Mark Paid" }));
  const dialog = await screen.findByRole("dialog", { name: "Mark payout as paid" });
  expect(within(dialog).getByText("Mark the $123.45 payout to Jane Doe as paid?")).toBeVisible();
  await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));

  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(sent).not.toHaveBeenCalled();
});

test("a confirmed payment leaves the requests and shows under Paid with its date and reference", async () => {
  renderScreen(<PayoutRequestsTab />, {
    mocks: [
      payouts("REQUESTED", [requested]),
      { request: { query: MarkPayoutPaidDocument, variables: { id: 31, input: { method: "PAYPAL", reference: "PP-7781" } } }, result: { data: { markPayoutPaid: paid } } },
      payouts("REQUESTED", []),
      payouts("PAID", [paid]),
    ],
  });

  await userEvent.click(within(await screen.findByRole("row", { name: /Jane Doe/ })).getByRole("button", { name: "Mark Paid" }));
  const dialog = await screen.findByRole("dialog", { name: "Mark payout as paid" });
  expect(within(dialog).getByText("Requested to PayPal j***@example.com")).toBeVisible();
  expect(within(dialog).getByLabelText(/Paid by/)).toHaveValue("PAYPAL");
  await userEvent.click(within(dialog).getByRole("button", { name: "Mark Paid" }));
  expect(within(dialog).getByText("Reference is required")).toBeVisible();
  await userEvent.type(within(dialog).getByLabelText(/Reference/), "PP-7781");
  await userEvent.click(within(dialog).getByRole("button", { name: "Mark Paid" }));

  expect(await screen.findByText("Payout marked as paid")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(await screen.findByText("No payout requests")).toBeVisible();

  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Paid");
  const row = await within(await screen.findByRole("table", { name: "Paid payouts" })).findByRole("row", { name: /Jane Doe/ });
  expect(within(row).getByText("Apr 3, 2025")).toBeVisible();
  expect(within(row).getByText("PP-7781")).toBeVisible();
  expect(within(row).queryByRole("button", { name: "Mark Paid" })).not.toBeInTheDocument();
});

test("Download Batch CSV fetches the requested payouts with the admin's token and saves the server's file name", async () => {
  const fetched = jest.fn(async () => new Response("payout_id\n31\n", { headers: { "content-disposition": 'attachment; filename="payout-batch-2025-04-02.csv"' } }));
  const realFetch = global.fetch;
  const realCreate = URL.createObjectURL;
  global.fetch = fetched as unknown as typeof fetch;
  URL.createObjectURL = () => "blob:batch";
  URL.revokeObjectURL = () => undefined;
  const click = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
  try {
    renderScreen(<PayoutRequestsTab />, { mocks: [payouts("REQUESTED", [requested])] });
    localStorage.setItem("token", "admin-token");
    await userEvent.click(await screen.findByRole("button", { name: "Download Batch CSV" }));

    expect(await screen.findByText("Downloaded payout-batch-2025-04-02.csv")).toBeVisible();
    expect(fetched).toHaveBeenCalledWith("/api/admin/payouts/requested.csv", { headers: { authorization: "Bearer admin-token" } });
    expect(click).toHaveBeenCalled();
  } finally {
    global.fetch = realFetch;
    URL.createObjectURL = realCreate;
    click.mockRestore();
  }
});
