import { useQuery } from "@apollo/client/react";
import { act, screen } from "@testing-library/react";
import { AdminDashboardDocument, type AdminDashboardQuery } from "../gql/graphql";
import { renderScreen } from "../test/render";
import { LIVE_FIGURES_MS, useLiveFigures } from "./use-live-figures";

function UserCount() {
  const query = useQuery(AdminDashboardDocument);
  useLiveFigures(AdminDashboardDocument, query.data !== undefined);
  return <p>{query.data ? `${query.data.adminStats.totalUsers} users` : "Loading"}</p>;
}

const figures = (totalUsers: number) => ({
  data: {
    adminStats: {
      __typename: "AdminStats" as const,
      totalUsers,
      pendingSites: 0,
      pendingCampaigns: 0,
      pendingCreatives: 0,
      activeCampaigns: 0,
      requestedPayouts: 0,
      awaitedTransfers: 0,
      monthlyRevenue: 0,
      monthlyRevenueChange: null,
    },
  } satisfies AdminDashboardQuery,
});

const answers = (...counts: number[]) => {
  const asked = jest.fn();
  const mocks = counts.map((count) => ({
    request: { query: AdminDashboardDocument },
    result: () => {
      asked();
      return figures(count);
    },
  }));
  return { asked, mocks };
};

const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
};

beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
afterEach(() => {
  jest.useRealTimers();
  setVisibility("visible");
});

test("the figures are asked for again every 10 seconds while the page is in view", async () => {
  const { asked, mocks } = answers(12, 13, 14);
  renderScreen(<UserCount />, { mocks });
  expect(await screen.findByText("12 users")).toBeVisible();

  await act(() => jest.advanceTimersByTimeAsync(LIVE_FIGURES_MS));
  expect(await screen.findByText("13 users")).toBeVisible();
  await act(() => jest.advanceTimersByTimeAsync(LIVE_FIGURES_MS));
  expect(await screen.findByText("14 users")).toBeVisible();
  expect(asked).toHaveBeenCalledTimes(3);
});

test("nothing is asked while the page is hidden, and the figures are asked for at once when it shows again", async () => {
  const { asked, mocks } = answers(12, 20);
  renderScreen(<UserCount />, { mocks });
  expect(await screen.findByText("12 users")).toBeVisible();

  setVisibility("hidden");
  await act(() => jest.advanceTimersByTimeAsync(3 * LIVE_FIGURES_MS));
  expect(asked).toHaveBeenCalledTimes(1);
  expect(screen.getByText("12 users")).toBeVisible();

  act(() => setVisibility("visible"));
  expect(await screen.findByText("20 users")).toBeVisible();
  expect(asked).toHaveBeenCalledTimes(2);
});
