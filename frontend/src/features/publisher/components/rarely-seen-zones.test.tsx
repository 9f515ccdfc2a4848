import { screen } from "@testing-library/react";
import { RarelySeenZonesDocument, type RarelySeenZonesQuery } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { RarelySeenZones } from "./rarely-seen-zones";

const answer = (rarelySeenZones: RarelySeenZonesQuery["rarelySeenZones"]) => ({ request: { query: RarelySeenZonesDocument }, result: { data: { rarelySeenZones } } });

test("names each zone readers rarely see with its viewable share", async () => {
  renderScreen(<RarelySeenZones />, {
    mocks: [answer([{ __typename: "RarelySeenZone", zoneId: 4, zoneName: "Footer", siteName: "City News", measured: 1200, viewabilityRate: 18.5 }])],
  });
  const alert = await screen.findByRole("region", { name: "Zones rarely seen" });
  expect(alert).toHaveTextContent("Zones rarely seen in the last 30 days");
  expect(alert).toHaveTextContent("Footer on City News: 18.50% viewable of 1,200 measured");
});

test("shows nothing when every zone is seen well enough", async () => {
  const { container } = renderScreen(<RarelySeenZones />, { mocks: [answer([])] });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole("region", { name: "Zones rarely seen" })).toBeNull();
  expect(container).not.toHaveTextContent("rarely seen");
});
