import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import { system } from "../../app/theme";
import { StatusBadge, statusPalette } from "./status-badge";

test.each([
  ["PENDING", "yellow"],
  ["APPROVED", "green"],
  ["ACTIVE", "green"],
  ["REJECTED", "red"],
  ["PAUSED", "gray"],
  ["COMPLETED", "blue"],
  ["RECEIVED", "green"],
  ["CANCELLED", "gray"],
  ["ARCHIVED", "yellow"],
])("%s is shown in %s", (status, palette) => {
  expect(statusPalette(status)).toBe(palette);
});

test("the badge reads as a word, not a constant", () => {
  render(
    <ChakraProvider value={system}>
      <StatusBadge status="PENDING" />
    </ChakraProvider>,
  );
  expect(screen.getByText("pending")).toBeVisible();
});
