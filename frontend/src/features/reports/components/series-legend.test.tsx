import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, within } from "@testing-library/react";
import { system } from "../../../app/theme";
import { SeriesLegend } from "./series-legend";

test("each series is named beside a swatch of its own colour, dashed for a dashed line", () => {
  render(
    <ChakraProvider value={system}>
      <SeriesLegend
        items={[
          { label: "This period", color: "brand.solid" },
          { label: "Previous period", color: "gray.500", dashed: true },
        ]}
      />
    </ChakraProvider>,
  );

  const entries = within(screen.getByRole("list", { name: "Legend" })).getAllByRole("listitem");
  expect(entries.map((entry) => entry.textContent)).toEqual(["This period", "Previous period"]);
  const swatch = (index: number) => entries[index].querySelector("[data-swatch]")!;
  expect(swatch(0)).toHaveStyle({ background: system.token.var("colors.brand.solid") });
  expect(swatch(1)).toHaveStyle({ borderTopStyle: "dashed", borderColor: system.token.var("colors.gray.500") });
});
