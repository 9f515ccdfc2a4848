import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { system } from "../../../app/theme";
import type { CreativeCardFragment } from "../../../gql/graphql";
import { CreativeCard } from "./creative-card";

const creative = (over: Partial<CreativeCardFragment>): CreativeCardFragment => ({
  __typename: "Creative",
  name: "Spring banner",
  type: "image",
  width: 300,
  height: 250,
  status: "APPROVED",
  contentUrl: "https://cdn.example.com/spring.png",
  ...over,
});

const renderCard = (over: Partial<CreativeCardFragment>) =>
  render(
    <ChakraProvider value={system}>
      <CreativeCard creative={creative(over)} subtitle="Spring Sale" actions={null} />
    </ChakraProvider>,
  );

const card = () => within(screen.getByRole("article", { name: "Spring banner" }));

test("an image creative shows its picture, asked for without a referrer", () => {
  renderCard({});

  const preview = card().getByRole("img", { name: "Preview" });
  expect(preview).toHaveAttribute("src", "https://cdn.example.com/spring.png");
  expect(preview).toHaveAttribute("referrerpolicy", "no-referrer");
});

test("an image that fails to load says so instead of a broken picture", () => {
  renderCard({});

  fireEvent.error(card().getByRole("img", { name: "Preview" }));

  expect(card().queryByRole("img")).not.toBeInTheDocument();
  expect(card().getByText("Image not available")).toBeVisible();
});

test.each([
  ["an image on plain http, which the app's policy does not load", "image", "http://cdn.example.com/spring.png", "Image creative"],
  ["a video", "video", "https://cdn.example.com/spring.mp4", "Video creative"],
  ["an HTML creative", "html", "https://cdn.example.com/spring.html", "HTML creative"],
])("%s shows a label instead of a picture", (_, type, contentUrl, label) => {
  renderCard({ type, contentUrl });

  expect(card().queryByRole("img")).not.toBeInTheDocument();
  expect(card().getByText(label)).toBeVisible();
});
