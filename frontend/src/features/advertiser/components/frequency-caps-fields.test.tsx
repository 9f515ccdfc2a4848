import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { formBounds } from "../../../test/form-options-mock";
import { renderScreen } from "../../../test/render";
import { FrequencyCapsFields, frequencyCapsError, type FrequencyCapRow, toFrequencyCapInputs } from "./frequency-caps-fields";

jest.setTimeout(15_000);

let latest: FrequencyCapRow[] = [];

function Harness({ initial = [], error }: { initial?: FrequencyCapRow[]; error?: (caps: FrequencyCapRow[]) => string | undefined }) {
  const [caps, setCaps] = useState(initial);
  latest = caps;
  return <FrequencyCapsFields value={caps} onChange={setCaps} error={error?.(caps)} bounds={formBounds()} />;
}

const cap = (n: number) => screen.getByRole("group", { name: `Cap ${n}` });

test("caps are added one period at a time under visible labels, typed, and sent as numbers", async () => {
  renderScreen(<Harness />);
  await userEvent.click(await screen.findByRole("button", { name: "Add a frequency cap" }));
  expect(within(cap(1)).getByText("Impressions")).toBeVisible();
  expect(within(cap(1)).getByText("per")).toBeVisible();
  expect(within(cap(1)).getByText("Period")).toBeVisible();
  await userEvent.type(within(cap(1)).getByLabelText("Impressions"), "2");
  await userEvent.selectOptions(within(cap(1)).getByLabelText("Period"), "day");
  await userEvent.click(screen.getByRole("button", { name: "Add a frequency cap" }));
  await userEvent.type(within(cap(2)).getByLabelText("Impressions"), "5");
  await userEvent.selectOptions(within(cap(2)).getByLabelText("Period"), "week");

  expect(toFrequencyCapInputs(latest)).toEqual([
    { count: 2, per: "day" },
    { count: 5, per: "week" },
  ]);
  // A period another cap holds is not offered again.
  const secondPeriods = within(within(cap(2)).getByLabelText("Period")).getAllByRole("option").map((option) => option.textContent);
  expect(secondPeriods).toEqual(["hour", "week", "flight"]);
});

test("the last free period hides the add button, and a cap is removed by its own button", async () => {
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
  await userEvent.click(within(cap(2)).getByRole("button", { name: "Remove cap" }));
  expect(latest.map((row) => row.per)).toEqual(["hour", "week", "flight"]);
  expect(screen.getByRole("button", { name: "Add a frequency cap" })).toBeVisible();
});

test("a cap of 0, over 1,000 or left empty is refused in the server's words, under that cap's field", async () => {
  renderScreen(<Harness initial={[{ count: "3", per: "day" }, { count: "0", per: "week" }]} error={(caps) => frequencyCapsError(caps, formBounds())} />);
  expect(await within(cap(2)).findByText("A frequency cap allows from 1 to 1000 impressions")).toBeVisible();
  expect(within(cap(2)).getByLabelText("Impressions")).toBeInvalid();
  expect(within(cap(1)).getByLabelText("Impressions")).toBeValid();
  expect(within(cap(1)).queryByText("A frequency cap allows from 1 to 1000 impressions")).not.toBeInTheDocument();
  expect(frequencyCapsError([{ count: "1001", per: "day" }], formBounds())).toBe("A frequency cap allows from 1 to 1000 impressions");
  expect(frequencyCapsError([{ count: "", per: "day" }], formBounds())).toBe("A frequency cap allows from 1 to 1000 impressions");
  expect(frequencyCapsError([{ count: "1000", per: "flight" }], formBounds())).toBeUndefined();
});

test("a refusal no cap explains on its own (the server's) shows under the list", async () => {
  renderScreen(<Harness initial={[{ count: "3", per: "day" }]} error={() => "There is already a cap per day: one cap per period"} />);
  expect(await screen.findByText("There is already a cap per day: one cap per period")).toBeVisible();
});
