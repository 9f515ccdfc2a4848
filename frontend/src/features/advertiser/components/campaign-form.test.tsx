import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { formBounds } from "../../../test/form-options-mock";
import { renderScreen } from "../../../test/render";
import { CampaignForm } from "./campaign-form";
import { newCampaignValues } from "./campaign-values";

jest.setTimeout(30_000);

test("the price field says what the price buys under each pricing model, and its refusal says so too", async () => {
  const options = formBounds();
  renderScreen(<CampaignForm options={options} initial={() => newCampaignValues(options)} label="Create campaign" submitLabel="Create" busyLabel="Creating" busy={false} onSubmit={async () => ({ ok: true })} />);
  const model = await screen.findByRole("combobox", { name: "Pricing model" });
  const labels: Record<string, string> = {};
  for (const pricingModel of ["CPM", "CPC", "CPA", "VCPM", "CPCV"]) {
    fireEvent.change(model, { target: { value: pricingModel } });
    labels[pricingModel] = screen.getByRole("spinbutton", { name: /^(Price|Bid) per/ }).closest("[data-part=root]")!.querySelector("label")!.textContent!.replace("*", "");
  }
  expect(labels).toEqual({
    CPM: "Price per 1,000 impressions ($)",
    CPC: "Bid per click ($)",
    CPA: "Price per action ($)",
    VCPM: "Price per 1,000 viewable impressions ($)",
    CPCV: "Price per completed view ($)",
  });

  fireEvent.change(model, { target: { value: "CPC" } });
  await userEvent.click(screen.getByRole("button", { name: "Create" }));
  expect(screen.getByText("Bid per click is required")).toBeVisible();
});
