import { render } from "@testing-library/react";
import { PageMeta } from "./page-meta";

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute("content");

test("a page's title and description go into the document's head, and leave with the page", () => {
  const { unmount } = render(<PageMeta title="Ad Formats" description="Every format and its CPM range." />);

  expect(document.title).toBe("Ad Formats · AdNet");
  expect(description()).toBe("Every format and its CPM range.");

  unmount();
  expect(document.title).toBe("");
  expect(description()).toBeUndefined();
});

test("a page without a description adds none", () => {
  render(<PageMeta title="Publisher Dashboard" />);

  expect(document.title).toBe("Publisher Dashboard · AdNet");
  expect(description()).toBeUndefined();
});
