import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderScreen } from "../../../test/render";
import { HelpCenterPage } from "./help-center-page";

const question = (name: string) => screen.getByRole("button", { name });

test("each FAQ category opens one answer at a time and can be closed again", async () => {
  renderScreen(<HelpCenterPage />, { path: "/help-center" });
  const approval = "How does account approval work?";
  const joining = "What do I need to join?";

  await userEvent.click(question(approval));
  expect(screen.getByText(/24-48 hours for publishers and 12-24 hours for advertisers/)).toBeVisible();

  await userEvent.click(question(joining));
  expect(question(joining)).toHaveAttribute("aria-expanded", "true");
  expect(question(approval)).toHaveAttribute("aria-expanded", "false");

  await userEvent.click(question(joining));
  expect(question(joining)).toHaveAttribute("aria-expanded", "false");
});
