import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import type { TargetingInput } from "../../../gql/graphql";
import { formBounds } from "../../../test/form-options-mock";
import { renderScreen } from "../../../test/render";
import { browserTimeZone } from "../../../lib/time-zones";
import { useTargetingChoices } from "../hooks/use-targeting-choices";
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

/** The form's own wiring: the sites and zones come from the server's approved sites. */
function PickingEditor() {
  const [value, setValue] = useState<TargetingInput>({});
  last = value;
  return <TargetingFields value={value} onChange={setValue} rules={formBounds().targetingRules} choices={useTargetingChoices(formBounds())} />;
}

test("day-parting starts in the advertiser's own time zone, and another is found by typing its city", async () => {
  renderScreen(<PickingEditor />);
  await userEvent.click(await screen.findByRole("checkbox", { name: /Day-parting/ }));
  const timeZone = screen.getByRole("combobox", { name: "Time zone" });
  expect((timeZone as HTMLInputElement).value).toContain(`${browserTimeZone()} (UTC`);
  expect(last.dayParting?.timeZone).toBe(browserTimeZone());

  await userEvent.clear(timeZone);
  await userEvent.paste("Paris");
  const options = await within(await screen.findByRole("listbox")).findAllByRole("option");
  expect(options.map((option) => option.textContent)).toEqual([expect.stringMatching(/^Europe\/Paris \(UTC\+0[12]:00\)$/)]);
  await userEvent.click(options[0]);
  expect(last.dayParting?.timeZone).toBe("Europe/Paris");
  expect((timeZone as HTMLInputElement).value).toMatch(/^Europe\/Paris \(UTC/);
});

test("sites and zones are picked by name from the network's approved sites, found by name or category", async () => {
  renderScreen(<PickingEditor />);
  const sites = await screen.findByRole("combobox", { name: "Find sites" });
  await waitFor(() => expect(sites).toBeEnabled());
  await userEvent.click(sites);
  await userEvent.paste("daily");
  await userEvent.click(await screen.findByRole("option", { name: /Daily Planet/ }));
  expect(screen.getByRole("option", { name: /Daily Planet/ })).toHaveTextContent("planet.example.org · News");
  await userEvent.paste("sports");
  await userEvent.click(await screen.findByRole("option", { name: /Arena Sports/ }));
  const picked = screen.getByRole("list", { name: "Find sites picked" });
  expect(within(picked).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Daily Planet", "Arena Sports"]);

  await userEvent.keyboard("{Escape}");
  const zones = screen.getByRole("combobox", { name: "Find zones" });
  await userEvent.click(zones);
  await userEvent.paste("bottom");
  const bottomBar = await screen.findByRole("option", { name: /Bottom bar on Daily Planet/ });
  expect(bottomBar).toHaveTextContent("320×50 · Sticky banner (bottom of the window)");
  await userEvent.click(bottomBar);

  await userEvent.click(within(picked).getByRole("button", { name: "Remove Arena Sports" }));
  expect(cleanTargeting(last)).toEqual({ sites: { mode: "INCLUDE", values: ["planet.example.org"] }, zones: { mode: "INCLUDE", values: ["71"] } });
});
