import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { renderScreen } from "../../../test/render";
import { FrequencyCapsFields, frequencyCapsError, type FrequencyCapRow, toFrequencyCapInputs } from "./frequency-caps-fields";

jest.setTimeout(15_000);

let latest: FrequencyCapRow[] = [];

function Harness({ initial = [] }: { initial?: FrequencyCapRow[] }) {
  const [caps, setCaps] = useState(initial);
  latest = caps;
  return <FrequencyCapsFields value={caps} onChange={setCaps} error={frequencyCapsError(caps)} />;
}

test("caps are added one period at a time, typed, and sent as numbers", async () => {
  renderScreen(<Harness />);
  await userEvent.click(await screen.findByRole("button", { name: "Add a frequency cap" }));
  await userEvent.type(screen.getByLabelText("Impressions per hour"), "2");
  await userEvent.selectOptions(screen.getByLabelText("Period of cap 1"), "day");
  await userEvent.click(screen.getByRole("button", { name: "Add a frequency cap" }));
  await userEvent.type(screen.getByLabelText("Impressions per hour"), "5");
  await userEvent.selectOptions(screen.getByLabelText("Period of cap 2"), "week");

  expect(toFrequencyCapInputs(latest)).toEqual([
    { count: 2, per: "day" },
    { count: 5, per: "week" },
  ]);
  // A period another cap holds is not offered again.
  const secondPeriods = within(screen.getByLabelText("Period of cap 2")).getAllByRole("option").map((option) => option.textContent);
  expect(secondPeriods).toEqual(["per hour", "per week", "over the flight"]);
});

test("the last free period hides the add button, and a cap is removed by its period", async () => {
  renderScreen(
    <Harness
      initial={[
        { count: "1", per: "hour" },
        { count: "2", per: "day" },
        { count: "3", per: "week" },
        { count: "4", per: "flight" },
      ]}
    />,
  );
  expect(screen.queryByRole("button", { name: "Add a frequency cap" })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Remove cap per day" }));
  expect(latest.map((row) => row.per)).toEqual(["hour", "week", "flight"]);
  expect(screen.getByRole("button", { name: "Add a frequency cap" })).toBeVisible();
});

test("a cap of 0, over 1,000 or left empty is refused in the server's words", async () => {
  renderScreen(<Harness initial={[{ count: "0", per: "day" }]} />);
  expect(await screen.findByText("A frequency cap allows from 1 to 1000 impressions")).toBeVisible();
  expect(frequencyCapsError([{ count: "1001", per: "day" }])).toBe("A frequency cap allows from 1 to 1000 impressions");
  expect(frequencyCapsError([{ count: "", per: "day" }])).toBe("A frequency cap allows from 1 to 1000 impressions");
  expect(frequencyCapsError([{ count: "1000", per: "flight" }])).toBeUndefined();
});
