import { Box, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { TermLabel } from "./term-label";

/** A labelled value on a card, such as "Budget $500.00"; `hint` says what the figure means, on hover of its label. */
export function Figure({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {hint ? <TermLabel label={label} hint={hint} /> : label}
      </Text>
      <Text fontWeight="medium">{children}</Text>
    </Box>
  );
}
