import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { system } from "../../../app/theme";
import type { CreativeCardFragment } from "../../../gql/graphql";
import { CreativeCard } from "./creative-card";

const HOSTED = `/media/${"a1".repeat(32)}`;

const creative = (over: Partial<CreativeCardFragment>): CreativeCardFragment => ({
  __typename: "Creative",
  name: "Spring banner",
  type: "image",
  typeLabel: "Image",
  width: 300,
  height: 250,
  status: "APPROVED",
  contentUrl: "https://cdn.example.com/spring.png",
  clickUrl: "https://shop.example.com/spring",
  durationSeconds: null,
  skipAfterSeconds: null,
  expandedWidth: null,
  expandedHeight: null,
  native: null,
  ...over,
});

const renderCard = (over: Partial<CreativeCardFragment>) =>
  render(
    <ChakraProvider value={system}>
      <CreativeCard creative={creative(over)} subtitle="Spring Sale" actions={null} />
    </ChakraProvider>,
  );

const card = () => within(screen.getByRole("article", { name: "Spring banner" }));

test("an image creative leads with its picture, asked for without a referrer, then its click URL, its type in words and its size", () => {
  renderCard({ contentUrl: `${HOSTED}.png` });

  const preview = card().getByRole("img", { name: "Preview" });
  expect(preview).toHaveAttribute("src", `${HOSTED}.png`);
  expect(preview).toHaveAttribute("referrerpolicy", "no-referrer");
  expect(card().getByRole("link", { name: "https://shop.example.com/spring" })).toHaveAttribute("href", "https://shop.example.com/spring");
  expect(card().getByText("Image")).toBeVisible();
  expect(card().getByText("300x250")).toBeVisible();
  // The file's address is the preview's source, never text on the card.
  expect(card().queryByText(/\/media\//)).not.toBeInTheDocument();
});

test("an image that fails to load says so instead of a broken picture", () => {
  renderCard({});

  fireEvent.error(card().getByRole("img", { name: "Preview" }));

  expect(card().queryByRole("img")).not.toBeInTheDocument();
  expect(card().getByText("Image not available")).toBeVisible();
});

test("a video shows its first frame, never playing, its length and when it may be skipped", () => {
  renderCard({ type: "video", typeLabel: "Video", contentUrl: `${HOSTED}.mp4`, durationSeconds: 30, skipAfterSeconds: 5 });

  const poster = card().getByLabelText("Video preview");
  expect(poster.tagName).toBe("VIDEO");
  expect(poster).toHaveAttribute("preload", "metadata");
  expect(poster).not.toHaveAttribute("autoplay");
  expect(card().getByText("0:30")).toBeVisible();
  expect(card().getByText("Video")).toBeVisible();
  expect(card().getByText("Skippable after 5 s")).toBeVisible();
});

test("a video without a skip offset says it is not skippable; other types say nothing of skipping", () => {
  const { unmount } = renderCard({ type: "video", typeLabel: "Video", contentUrl: `${HOSTED}.mp4`, durationSeconds: 30, skipAfterSeconds: null });
  expect(card().getByText("Not skippable")).toBeVisible();
  unmount();

  renderCard({});
  expect(card().queryByText(/skippable/i)).not.toBeInTheDocument();
});

test("an HTML creative is drawn in a frame that runs none of its scripts, and is named HTML", () => {
  renderCard({ type: "html", typeLabel: "HTML", contentUrl: "https://cdn.example.com/spring.html" });

  const frame = card().getByTitle("HTML preview");
  expect(frame).toHaveAttribute("src", "https://cdn.example.com/spring.html");
  expect(frame).toHaveAttribute("sandbox", "");
  expect(card().getByText("HTML")).toBeVisible();
  expect(card().queryByText("Html")).not.toBeInTheDocument();
});

test("a native creative shows its mini-card with the texts the reader sees", () => {
  const native = { __typename: "NativeFields" as const, headline: "Tents that pitch in a minute", body: "Light and warm.", sponsor: "Acme", callToAction: "Shop tents", logoUrl: null };
  renderCard({ type: "native", typeLabel: "Native", width: 1200, height: 627, contentUrl: `${HOSTED}.jpg`, native });

  const preview = within(card().getByRole("figure", { name: "Native ad preview" }));
  expect(preview.getByText("Tents that pitch in a minute")).toBeVisible();
  expect(preview.getByText("Shop tents")).toBeVisible();
  expect(preview.getByText("Sponsored · Acme")).toBeVisible();
});

test("a plain-http file, which the app's policy does not load, shows a label; an ad without a click URL says it is not clickable", () => {
  renderCard({ contentUrl: "http://cdn.example.com/spring.png", clickUrl: null });

  expect(card().queryByRole("img")).not.toBeInTheDocument();
  expect(card().getByText("Image creative")).toBeVisible();
  expect(card().getByText("No click URL: the ad is not clickable")).toBeVisible();
});

test("an expandable banner's card says the size it opens to; one that does not expand says nothing of it", () => {
  const { unmount } = renderCard({ contentUrl: `${HOSTED}.png`, expandedWidth: 600, expandedHeight: 500 });
  expect(card().getByText("Expands to 600x500")).toBeVisible();
  unmount();
  renderCard({ contentUrl: `${HOSTED}.png` });
  expect(card().queryByText(/Expands to/)).not.toBeInTheDocument();
});
