import { StrictMode } from "react";
import { RouterProvider, type RouterProviderProps } from "react-router";
import { AppProviders } from "./app-providers";

/**
 * The whole app around a router: the browser's, or the one that prerenders a page at build time.
 * Both render this same tree, which is what lets the browser hydrate a prerendered page.
 */
export function App({ router }: { router: RouterProviderProps["router"] }) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
