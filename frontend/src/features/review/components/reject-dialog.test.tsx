import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderScreen } from "../../../test/render";
import { RejectDialog } from "./reject-dialog";

test("a reason the server refuses is explained under the Reason field, and the dialog stays open", async () => {
  const refusal = new CombinedGraphQLErrors({
    errors: [{ message: "Reason can be at most 500 characters long", extensions: { code: "BAD_USER_INPUT", field: "reason" } }],
  });
  const onReject = jest.fn().mockResolvedValue({ ok: false, error: refusal });
  renderScreen(<RejectDialog subject='site "Tech Daily"' onClose={jest.fn()} onReject={onReject} />);
  const dialog = await screen.findByRole("dialog", { name: 'Reject site "Tech Daily"' });

  const reason = within(dialog).getByLabelText(/Reason/);
  await userEvent.type(reason, "Copied content");
  await userEvent.click(within(dialog).getByRole("button", { name: "Reject" }));

  expect(onReject).toHaveBeenCalledWith("Copied content");
  expect(await within(dialog).findByText("Reason can be at most 500 characters long")).toBeVisible();
  expect(reason).toBeInvalid();
});

test("the Reason field stops at the server's length", async () => {
  renderScreen(<RejectDialog subject="creative" onClose={jest.fn()} onReject={jest.fn()} />);
  const dialog = await screen.findByRole("dialog", { name: "Reject creative" });

  const reason = within(dialog).getByLabelText(/Reason/);
  await waitFor(() => expect(reason).toHaveAttribute("maxLength", "500"));
});
