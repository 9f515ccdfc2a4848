import { Box, Portal, Tooltip } from "@chakra-ui/react";
import type { ReactElement } from "react";

/** `children` (one focusable element) shows `hint` on hover or focus. */
export function WithHint({ hint, children }: { hint: string; children: ReactElement }) {
  return (
    <Tooltip.Root openDelay={150} closeDelay={0}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="xs">{hint}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

/**
 * A figure's name with its definition on hover or focus: the words are underlined with dots, as
 * a term that explains itself, and reach keyboard users too.
 */
export function TermLabel({ label, hint }: { label: string; hint: string }) {
  return (
    <WithHint hint={hint}>
      <Box as="span" tabIndex={0} textDecoration="underline dotted" textUnderlineOffset="3px" cursor="help">
        {label}
      </Box>
    </WithHint>
  );
}
