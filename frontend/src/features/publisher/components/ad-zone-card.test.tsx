import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dashboard, me, site, zone } from "../../../test/publisher-fixtures";
import { renderApp } from "../../../test/render";

jest.setTimeout(30_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "publisher-token");
});

test("each zone card says how the zone shows its ad, in the server's words, not only its format", async () => {
  const zones = [
    zone({ id: 5, name: "Bottom bar", width: 320, height: 50, presentation: "sticky", shows: "Sticky banner (bottom of the window)" }),
    zone({ id: 6, name: "Article feed", format: "native", nativeTemplate: "<div>{{headline}}</div>", shows: "Native ad, site's own template" }),
    zone({ id: 7, name: "Welcome", presentation: "interstitial", shows: "Interstitial banner (full screen)" }),
  ];
  renderApp({ path: "/publisher", mocks: [me, dashboard({ mySites: [site({ id: 10, status: "APPROVED" })], myAdZones: zones })] });
  await userEvent.click(await screen.findByRole("tab", { name: "Ad Zones" }));

  const shows = async (name: string) => {
    const card = await screen.findByRole("article", { name });
    expect(within(card).queryByText("Format")).not.toBeInTheDocument();
    return within(card).getByText("Shows as").nextSibling?.textContent;
  };
  expect(await shows("Bottom bar")).toBe("Sticky banner (bottom of the window)");
  expect(await shows("Article feed")).toBe("Native ad, site's own template");
  expect(await shows("Welcome")).toBe("Interstitial banner (full screen)");
});

test("a video zone's card gives its player the VMAP URL and says what each break holds", async () => {
  const vmapUrl = "https://ads.example.net/vmap?zone=8&duration=DURATION";
  const video = zone({ id: 8, name: "Highlights", format: "video", vastUrl: "https://ads.example.net/vast?zone=8", vmapUrl, podSize: 3, breakSeconds: 45, midrollOffsets: [300, 600] });
  renderApp({ path: "/publisher", mocks: [me, dashboard({ mySites: [site({ id: 10, status: "APPROVED" })], myAdZones: [video, zone({ id: 5, name: "Top banner" })] })] });
  await userEvent.click(await screen.findByRole("tab", { name: "Ad Zones" }));

  const card = await screen.findByRole("article", { name: "Highlights" });
  expect(within(card).getByText(vmapUrl)).toBeVisible();
  expect(within(card).getByText(/a pod of up to 3 ads in 45 seconds: a pre-roll, mid-rolls at 300 s, 600 s, and a post-roll/)).toBeVisible();
  expect(within(await screen.findByRole("article", { name: "Top banner" })).queryByText(/VMAP/)).not.toBeInTheDocument();
});
