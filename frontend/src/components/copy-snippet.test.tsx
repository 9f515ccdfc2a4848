import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import { system } from "../app/theme";
import { CopySnippet } from "./copy-snippet";

test("a snippet breaks its lines only between attributes and scrolls a value too long for the box", () => {
  const tag = '<ins class="adnet-zone" data-zone-id="7" style="display:inline-block;width:300px;height:250px"></ins>';
  render(
    <ChakraProvider value={system}>
      <CopySnippet label="Ad tag" snippet={tag} copyLabel="Copy ad tag" />
    </ChakraProvider>,
  );

  expect(screen.getByText(tag)).toHaveStyle({ whiteSpace: "pre-wrap", wordBreak: "normal", overflowWrap: "normal", overflowX: "auto" });
});
