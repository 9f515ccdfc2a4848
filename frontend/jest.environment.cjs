const { TestEnvironment } = require("jest-environment-jsdom");

// jsdom has no Fetch API, which react-router's data router needs for every navigation. Node's own
// classes are lent to the window, with Node's AbortController so Request accepts its signals.
const FROM_NODE = [
  "Request",
  "Response",
  "Headers",
  "fetch",
  "AbortController",
  "AbortSignal",
  "TextEncoder",
  "TextDecoder",
  "ReadableStream",
  "structuredClone",
];

module.exports = class AppTestEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
    // ScrollRestoration scrolls on every navigation; jsdom has no layout to scroll.
    this.global.scrollTo = () => {};
    // jsdom has no PointerEvent, which Chakra's checkboxes create when they lose focus.
    this.global.PointerEvent ??= class PointerEvent extends this.global.MouseEvent {};
    // jsdom has no layout, so nothing ever resizes; tables measure their overflow once.
    this.global.ResizeObserver ??= class ResizeObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
};
