import { VisuallyHidden } from "@chakra-ui/react";

/**
 * The h2 of a dashboard tab whose panel shows no title of its own: the selected tab is its title
 * on screen, and the heading keeps the outline h1 → h2 → h3 for the cards inside.
 */
export function HiddenTabHeading({ children }: { children: string }) {
  return <VisuallyHidden as="h2">{children}</VisuallyHidden>;
}
