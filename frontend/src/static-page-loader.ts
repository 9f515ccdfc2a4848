import { routesNeedingTheApp, sectionOfRoute } from "./lib/static-routes";
import { getToken } from "./lib/token-storage";

/**
 * The only script a prerendered public page loads on its own. The page is whole without the app:
 * its links are plain links to other prerendered pages. Taking over the page with the whole app
 * costs a phone over a second of script, so the app comes only when the page needs it: at once for
 * a stored session (it may redirect) and on the few pages that need it to show, else at the
 * visitor's first move (a press, a key, a focus). A click on a button, which only the app makes
 * work, is held until the app has taken that button over, then given to it.
 */

const APP_CONTROLS = "button, [role=button]";
const FIRST_MOVES = ["pointerdown", "keydown", "focusin"] as const;
/** How long a held click waits for its button before it is dropped (a phone on a slow network). */
const HELD_CLICK_PATIENCE_MS = 15_000;

let app: Promise<unknown> | undefined;
const loadApp = () =>
  (app ??= import("./main").catch((error: unknown) => {
    // A dropped connection should not rule out the next attempt.
    app = undefined;
    throw error;
  }));

// React marks each element it has taken over with its fiber; a discrete event on one is handled
// even while the rest of the page is still hydrating.
const isTakenOver = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));

async function takenOver(element: Element): Promise<boolean> {
  const giveUpAt = Date.now() + HELD_CLICK_PATIENCE_MS;
  while (element.isConnected && !isTakenOver(element) && Date.now() < giveUpAt) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return element.isConnected && isTakenOver(element);
}

let heldClick: HTMLElement | null = null;

function holdClick(event: MouseEvent) {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>(APP_CONTROLS) : null;
  if (!control) return;
  if (isTakenOver(control)) {
    document.removeEventListener("click", holdClick, true);
    return;
  }
  event.preventDefault();
  event.stopImmediatePropagation();
  // Several clicks before the app arrives count as the last one, not as a toggle per click.
  const first = heldClick === null;
  heldClick = control;
  if (first) loadApp().then(giveHeldClick, () => (heldClick = null));
}

async function giveHeldClick() {
  let control: HTMLElement;
  do {
    control = heldClick!;
    await takenOver(control);
  } while (control !== heldClick);
  document.removeEventListener("click", holdClick, true);
  heldClick = null;
  if (control.isConnected && isTakenOver(control)) control.click();
}

function startOnFirstMove() {
  const start = () => {
    for (const type of FIRST_MOVES) document.removeEventListener(type, start, true);
    void loadApp();
  };
  for (const type of FIRST_MOVES) document.addEventListener(type, start, { capture: true, passive: true });
  document.addEventListener("click", holdClick, true);
}

if (getToken() !== null || routesNeedingTheApp.includes(location.pathname)) void loadApp();
else startOnFirstMove();

sectionOfRoute(location.pathname)?.scrollIntoView({ behavior: "instant" });
