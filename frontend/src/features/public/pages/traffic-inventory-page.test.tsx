import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderScreen } from "../../../test/render";
import { TrafficInventoryPage } from "./traffic-inventory-page";

const regionCard = (name: string) => screen.getByRole("button", { name: new RegExp(`^${name}`) });

test("choosing a region shows its countries, and choosing it again hides them", async () => {
  renderScreen(<TrafficInventoryPage />, { path: "/traffic-inventory" });
  expect(screen.queryByText("United States")).not.toBeInTheDocument();

  await userEvent.click(regionCard("North America"));
  const breakdown = screen.getByRole("region", { name: "North America country breakdown" });
  expect(regionCard("North America")).toHaveAttribute("aria-expanded", "true");
  expect(within(breakdown).getByText("United States")).toBeVisible();
  expect(within(breakdown).getByText("1.9B")).toBeVisible();
  expect(within(breakdown).getByText("$5.20")).toBeVisible();
  expect(within(breakdown).getAllByRole("listitem")).toHaveLength(3);

  await userEvent.click(regionCard("North America"));
  expect(screen.queryByText("United States")).not.toBeInTheDocument();
  expect(regionCard("North America")).toHaveAttribute("aria-expanded", "false");
});

test("choosing another region replaces the breakdown", async () => {
  renderScreen(<TrafficInventoryPage />, { path: "/traffic-inventory" });

  await userEvent.click(regionCard("North America"));
  await userEvent.click(regionCard("Europe"));

  const breakdown = screen.getByRole("region", { name: "Europe country breakdown" });
  expect(within(breakdown).getAllByRole("listitem")).toHaveLength(7);
  expect(within(breakdown).getByText("Turkey")).toBeVisible();
  expect(screen.queryByText("United States")).not.toBeInTheDocument();
});

test("the overview dialog closes with Explore Inventory", async () => {
  renderScreen(<TrafficInventoryPage />, { path: "/traffic-inventory" });

  await userEvent.click(screen.getByRole("button", { name: "Watch Overview" }));
  const dialog = await screen.findByRole("dialog", { name: "Premium Traffic Inventory Overview" });
  await userEvent.click(within(dialog).getByRole("button", { name: "Explore Inventory" }));

  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});
