/** Finds a CopySnippet's code by its whole text, which it lays out in one piece per attribute. */
export const snippetText = (snippet: string) => (_: string, element: Element | null) => element?.tagName === "PRE" && element.textContent === snippet;
