import { screen, within } from "@testing-library/react";

/** Each key figure's label with the month-over-month line under its value, as the user reads them; null where none is shown. */
export async function changesUnderKeyFigures(): Promise<Record<string, string | null>> {
  const figures = await screen.findByRole("region", { name: "Key figures" });
  return Object.fromEntries(
    Array.from(figures.querySelectorAll("dl"), (figure) => {
      const [, change] = within(figure).getAllByRole("definition");
      return [within(figure).getByRole("term").textContent, change?.textContent ?? null];
    }),
  );
}
