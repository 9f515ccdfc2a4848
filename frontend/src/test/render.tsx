import { ChakraProvider } from "@chakra-ui/react";
import { MockedProvider } from "@apollo/client/testing/react";
import { MockLink } from "@apollo/client/testing";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { RouterProvider, createMemoryRouter, type RouteObject } from "react-router";
import { checkingSession } from "../app/app-providers";
import { RootLayout } from "../app/root-layout";
import { createCache, sessionLinks } from "../lib/apollo";
import { routes } from "../app/routes";
import { SessionProvider } from "../lib/session";
import { system } from "../app/theme";
import { Toaster } from "../components/ui/toaster";
import { approvedSitesMock } from "./approved-sites-mock";
import { formOptionsMock, reportGranularitiesMock } from "./form-options-mock";

interface Options {
  mocks?: MockLink.MockedResponse[];
  path?: string;
}

function Providers({ mocks = [], children }: { mocks?: MockLink.MockedResponse[]; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {/* The app's own links in front of the mocks, so tokens go out and refusals come back as in the app;
          every form asks for the server's bounds (the campaign form for the sites it may target too), and a test's own answer, listed first, wins. */}
      <MockedProvider cache={createCache()} link={sessionLinks.concat(new MockLink([...mocks, formOptionsMock(), reportGranularitiesMock(), approvedSitesMock()]))}>
        <SessionProvider whileChecking={checkingSession}>{children}</SessionProvider>
      </MockedProvider>
      <Toaster />
    </ChakraProvider>
  );
}

/** The whole app's route table, started at `path`. */
export function renderApp({ mocks, path = "/" }: Options = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    router,
    ...render(
      <Providers mocks={mocks}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}

/**
 * One screen inside the app's providers and dialogs, with a stand-in for /dashboard so a test can
 * see where a successful login leads.
 */
export function renderScreen(ui: ReactNode, { mocks, path = "/" }: Options = {}) {
  const screenRoutes: RouteObject[] = [
    {
      element: <RootLayout />,
      children: [
        { path, element: ui },
        { path: "/dashboard", element: <p>Dashboard route</p> },
      ],
    },
  ];
  const router = createMemoryRouter(screenRoutes, { initialEntries: [path] });
  return {
    router,
    ...render(
      <Providers mocks={mocks}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}

/** Screens and dialogs load lazily, which on a busy machine takes longer than testing-library's default second. */
export const LAZY_LOAD = { timeout: 5_000 };

export const findAuthDialog = () => screen.findByRole("dialog", { name: "Welcome to AdNet" }, LAZY_LOAD);
