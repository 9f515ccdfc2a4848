import { Box, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A labelled value on a card, such as "Budget $500.00". */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="medium">{children}</Text>
    </Box>
  );
}
