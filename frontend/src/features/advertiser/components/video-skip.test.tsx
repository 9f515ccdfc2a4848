import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { UpdateCampaignDocument } from "../../../gql/graphql";
import { findFormDialog } from "../../../test/dialogs";
import { renderApp } from "../../../test/render";
import { campaign, dashboard, me } from "../test/advertiser-mocks";

jest.setTimeout(15_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "advertiser-token");
});

test("the campaign form says after how many seconds its video may be skipped, empty for never, and checks the bound", async () => {
  const live = campaign({ nextActions: ["PAUSE", "EDIT"], skipAfterSeconds: 5 });
  const mocks = [
    me,
    dashboard({ myCampaigns: [live] }),
    {
      request: { query: UpdateCampaignDocument, variables: { id: 20, input: { skipAfterSeconds: null } } },
      result: { data: { updateCampaign: { ...live, skipAfterSeconds: null } } },
    },
  ];
  renderApp({ path: "/advertiser", mocks });
  await userEvent.click(await screen.findByRole("button", { name: "Edit Spring Sale" }));
  const dialog = await findFormDialog("Edit Spring Sale");
  // With the video creatives it applies to, not with the flight's dates.
  const video = within(dialog).getByRole("group", { name: "Video ads" });
  expect(within(dialog).getByRole("group", { name: "Flight and delivery" })).not.toHaveTextContent("skippable");
  const skip = within(video).getByLabelText(/Video skippable after \(seconds\)/);
  expect(skip).toHaveValue(5);

  await userEvent.clear(skip);
  await userEvent.type(skip, "61");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
  expect(within(dialog).getByText("Skippable after must be a whole number of seconds from 0 to 60")).toBeVisible();

  await userEvent.clear(skip);
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
  expect(await screen.findByText("Campaign updated")).toBeVisible();
});
