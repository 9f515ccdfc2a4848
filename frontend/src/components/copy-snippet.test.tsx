import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import { system } from "../app/theme";
import { CopySnippet } from "./copy-snippet";
import { snippetText } from "../test/snippet-text";

test("a snippet reads whole, and its lines break at the spaces between attributes only, never inside one", () => {
  const tag = '<ins class="adnet-zone" data-zone-id="7" style="display:inline-block;width:300px"></ins>';
  render(
    <ChakraProvider value={system}>
      <CopySnippet label="Ad tag" snippet={tag} copyLabel="Copy ad tag" />
    </ChakraProvider>,
  );

  const code = screen.getByText(snippetText(tag));
  expect(code).toHaveStyle({ whiteSpace: "pre-wrap", overflowX: "auto" });
  const unbroken = Array.from(code.children, (part) => [part.textContent, getComputedStyle(part).whiteSpace]);
  expect(unbroken).toEqual([
    ["<ins", "nowrap"],
    ['class="adnet-zone"', "nowrap"],
    ['data-zone-id="7"', "nowrap"],
    ['style="display:inline-block;width:300px"></ins>', "nowrap"],
  ]);
});
