import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { RecheckAdsTxtDocument, type AdsTxtCheckFragment } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { AdsTxtStatusNote } from "./ads-txt-status";

const checked = (over: Partial<AdsTxtCheckFragment> = {}): AdsTxtCheckFragment => ({
  __typename: "Site",
  id: 10,
  status: "APPROVED",
  adsTxtStatus: "LINE_MISSING",
  adsTxtCheckedAt: "2026-11-20T09:00:00.000Z",
  adsTxtReason: "https://techdaily.example.com/ads.txt: no line for ads.adnet.test among 3 records",
  adsTxtAdvice: null,
  ...over,
});
const recheck = { request: { query: RecheckAdsTxtDocument, variables: { siteId: 10 } } };

jest.setTimeout(15_000);

test("shows what the last check found, when and why, and re-checks on the button", async () => {
  renderScreen(<AdsTxtStatusNote site={checked()} siteName="Tech Daily" />, {
    mocks: [{ ...recheck, result: { data: { recheckAdsTxt: checked({ adsTxtStatus: "FOUND", adsTxtReason: "listed in https://techdaily.example.com/ads.txt", adsTxtAdvice: null }) } } }],
  });
  const note = screen.getByRole("status", { name: "ads.txt status of Tech Daily" });
  expect(within(note).getByText("ads.txt found, but the AdNet line is missing")).toBeVisible();
  expect(note).toHaveTextContent("no line for ads.adnet.test among 3 records (checked Nov 20, 2026)");

  await userEvent.click(within(note).getByRole("button", { name: "Check ads.txt of Tech Daily now" }));
  expect(await screen.findByText("ads.txt lists AdNet")).toBeVisible();
});

test("says what to do when the file could not be fetched: where it goes and the line to add", () => {
  const advice = "We could not fetch https://techdaily.example.com/ads.txt: add this line to it: ads.adnet.test, 1, DIRECT";
  renderScreen(
    <AdsTxtStatusNote site={checked({ adsTxtStatus: "FETCH_FAILED", adsTxtReason: "https://techdaily.example.com/ads.txt: connect ECONNREFUSED", adsTxtAdvice: advice })} siteName="Tech Daily" />,
  );
  const note = screen.getByRole("status", { name: "ads.txt status of Tech Daily" });
  expect(within(note).getByText("ads.txt could not be fetched")).toBeVisible();
  expect(within(note).getByText(advice)).toBeVisible();
  expect(note).toHaveTextContent("connect ECONNREFUSED (checked Nov 20, 2026)");
});

test("says when the server refuses a re-check so soon", async () => {
  renderScreen(<AdsTxtStatusNote site={checked({ adsTxtStatus: "NO_FILE" })} siteName="Tech Daily" />, {
    mocks: [{ ...recheck, result: { errors: [new GraphQLError("This site's ads.txt was checked moments ago. Try again in 42 seconds.", { extensions: { code: "RATE_LIMITED" } })] } }],
  });
  expect(screen.getByText("No ads.txt found")).toBeVisible();
  await userEvent.click(screen.getByRole("button", { name: "Check ads.txt of Tech Daily now" }));
  expect(await screen.findByText("This site's ads.txt was checked moments ago. Try again in 42 seconds.")).toBeVisible();
});

test("shows nothing for a site not yet approved, and 'not checked yet' before the first check", () => {
  const { unmount } = renderScreen(<AdsTxtStatusNote site={checked({ status: "PENDING" })} siteName="Tech Daily" />);
  expect(screen.queryByRole("status", { name: "ads.txt status of Tech Daily" })).toBeNull();
  unmount();
  renderScreen(<AdsTxtStatusNote site={checked({ adsTxtStatus: null, adsTxtCheckedAt: null, adsTxtReason: null })} siteName="Tech Daily" />);
  expect(screen.getByText("ads.txt not checked yet")).toBeVisible();
});
