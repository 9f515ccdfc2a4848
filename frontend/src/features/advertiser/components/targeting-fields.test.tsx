import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import type { TargetingInput } from "../../../gql/graphql";
import { formBounds } from "../../../test/form-options-mock";
import { renderScreen } from "../../../test/render";
import { TargetingFields } from "./targeting-fields";
import { cleanTargeting } from "./targeting-value";

jest.setTimeout(15_000);

let last: TargetingInput = {};
function Editor() {
  const [value, setValue] = useState<TargetingInput>({});
  last = value;
  return <TargetingFields value={value} onChange={setValue} rules={formBounds().targetingRules} defaultTimeZone="Europe/Berlin" />;
}

test("draws each rule the server declares by its kind, and edits the targeting document", async () => {
  renderScreen(<Editor />);
  const targeting = await screen.findByRole("group", { name: "Targeting" });
  expect(within(targeting).queryByText("Countries")).not.toBeInTheDocument();

  await userEvent.click(within(targeting).getByRole("checkbox", { name: "Mobile" }));
  await userEvent.selectOptions(within(targeting).getByRole("combobox", { name: "Sites: include or exclude" }), "EXCLUDE");
  await userEvent.type(within(targeting).getByRole("textbox", { name: "Sites" }), "a.example.com, b.example.org");
  await userEvent.type(within(targeting).getByRole("textbox", { name: "Pages with any of" }), "Shoes, boots,");
  await userEvent.click(within(targeting).getByRole("checkbox", { name: /Day-parting/ }));
  await userEvent.click(within(targeting).getByRole("checkbox", { name: "Sun" }));

  expect(cleanTargeting(last)).toEqual({
    devices: { mode: "INCLUDE", values: ["mobile"] },
    sites: { mode: "EXCLUDE", values: ["a.example.com", "b.example.org"] },
    keywords: { include: ["Shoes", "boots"], exclude: [] },
    dayParting: { timeZone: "Europe/Berlin", days: [1, 2, 3, 4, 5, 6], hours: Array.from({ length: 24 }, (_, hour) => hour) },
  });
});
