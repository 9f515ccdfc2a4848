import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, within } from "@testing-library/react";
import { system } from "../app/theme";
import { StatCardGrid, type StatItem } from "./stat-card-grid";

const renderGrid = (stats: StatItem[]) =>
  render(
    <ChakraProvider value={system}>
      <StatCardGrid stats={stats} />
    </ChakraProvider>,
  );

/** A card is a description list: the label is its term, the value and the change describe it. */
const statOf = (label: string) => screen.getByText(label).closest("dl")!;
const card = (label: string) => within(statOf(label));

test("each card says under its value how the figure moved since last month, in words", () => {
  renderGrid([
    { label: "Impressions", value: "154,000", change: { value: 12.5, unit: "percent" } },
    { label: "CTR", value: "1.50%", change: { value: -3.1, unit: "points" } },
    { label: "Revenue", value: "$42.50", change: { value: null, unit: "percent" } },
  ]);

  expect(card("Impressions").getByText("+12.50% vs last month")).toBeVisible();
  expect(card("CTR").getByText("\u22123.10 pts vs last month")).toBeVisible();
  expect(card("Revenue").getByText("No data last month")).toBeVisible();
});

test("the change is a description of the figure, with its arrow hidden from screen readers", () => {
  renderGrid([{ label: "Clicks", value: "2,310", change: { value: -3.1, unit: "percent" } }]);

  const descriptions = card("Clicks").getAllByRole("definition");
  expect(descriptions.map((description) => description.textContent)).toEqual(["2,310", "\u22123.10% vs last month"]);
  expect(descriptions[1].querySelector("[data-type=down]")).toHaveAttribute("aria-hidden", "true");
});

test("an arrow points the way the figure moved and none is drawn without a movement", () => {
  renderGrid([
    { label: "Impressions", value: "154,000", change: { value: 12.5, unit: "percent" } },
    { label: "Fill Rate", value: "95.25%", change: { value: 0, unit: "points" } },
    { label: "Revenue", value: "$42.50", change: { value: null, unit: "percent" } },
  ]);

  const arrows = (label: string) => Array.from(statOf(label).querySelectorAll("[data-type]"), (arrow) => arrow.getAttribute("data-type"));
  expect(arrows("Impressions")).toEqual(["up"]);
  expect(arrows("Fill Rate")).toEqual([]);
  expect(arrows("Revenue")).toEqual([]);
});

test("a neutral figure's arrow is grey, where the others take the theme's up and down colours", () => {
  renderGrid([
    { label: "Spend", value: "$70.00", change: { value: 25, unit: "percent", neutral: true } },
    { label: "Clicks", value: "250", change: { value: 25, unit: "percent" } },
  ]);

  const arrow = (label: string) => statOf(label).querySelector("[data-type=up]")!;
  const grey = system.token.var("colors.fg.muted");
  expect(arrow("Spend")).toHaveStyle({ color: grey });
  expect(arrow("Clicks")).not.toHaveStyle({ color: grey });
});

test("a figure without a change shows only its value", () => {
  renderGrid([{ label: "Total Users", value: "12" }]);

  expect(card("Total Users").getAllByRole("definition").map((description) => description.textContent)).toEqual(["12"]);
});

test("on a phone the cards go two to a row", () => {
  renderGrid([
    { label: "Total Users", value: "12" },
    { label: "Pending Sites", value: "1" },
    { label: "Active Campaigns", value: "3" },
    { label: "Monthly Revenue", value: "$1,234.50" },
  ]);

  // jsdom applies the phone value (no media query) and ignores the wider screens' ones.
  const grid = statOf("Total Users").closest("section")!.firstElementChild;
  expect(grid).toHaveStyle({ gridTemplateColumns: "repeat(2, minmax(0, 1fr))" });
});
