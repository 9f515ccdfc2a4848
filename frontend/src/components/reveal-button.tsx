import { Box, Button } from "@chakra-ui/react";
import { useId, useState, type ReactNode } from "react";

/**
 * Something a card shows only when asked, behind a Show/Hide button, so a list of cards stays short
 * to scroll past; its content is made only while shown.
 */
export function RevealButton({ showLabel, hideLabel, children }: { showLabel: string; hideLabel: string; children: () => ReactNode }) {
  const [shown, setShown] = useState(false);
  const contentId = useId();
  return (
    <Box>
      <Button size="xs" variant="outline" aria-expanded={shown} aria-controls={contentId} onClick={() => setShown(!shown)}>
        {shown ? hideLabel : showLabel}
      </Button>
      <Box id={contentId} hidden={!shown} mt="2">
        {shown && children()}
      </Box>
    </Box>
  );
}
