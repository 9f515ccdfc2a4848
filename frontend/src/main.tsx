import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider, createBrowserRouter } from "react-router";
import { AppProviders } from "./app/app-providers";
import { routes } from "./app/routes";

const router = createBrowserRouter(routes);

// As a transition the first render yields to the browser every few milliseconds instead of holding
// the main thread for the whole landing page, so a tap during start-up is not left waiting.
startTransition(() => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
