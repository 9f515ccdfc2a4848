import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { App } from "./app/app";
import { routes } from "./app/routes";
import { getToken } from "./lib/token-storage";

const container = document.getElementById("root")!;
const router = createBrowserRouter(routes);

// A prerendered page is what a signed-out visitor sees, so only they hydrate it. A stored session
// starts with its check's spinner and may redirect, so it renders from scratch, as does the shell.
// As a transition either first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page, so a tap during start-up is not left waiting. A lazy
// page hydrates when its code arrives: until then React leaves its prerendered HTML in place.
if (container.hasChildNodes() && getToken() === null) {
  startTransition(() => {
    hydrateRoot(container, <App router={router} />);
  });
} else {
  startTransition(() => {
    createRoot(container).render(<App router={router} />);
  });
}
