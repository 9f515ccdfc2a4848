import { Button, Code, HStack, Stack, Text } from "@chakra-ui/react";
import { toaster } from "./ui/toaster";

interface CopySnippetProps {
  /** What the snippet is, e.g. "Ad tag"; names the toasts too. */
  label: string;
  snippet: string;
  /** The button's accessible name, telling apart the snippets of several cards. */
  copyLabel: string;
}

/** HTML a user pastes into their own pages, shown in full with a button that copies it. */
export function CopySnippet({ label, snippet, copyLabel }: CopySnippetProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toaster.create({ type: "success", title: `${label} copied to clipboard` });
    } catch {
      toaster.create({ type: "error", title: `Could not copy the ${label.toLowerCase()}; select it and copy it by hand` });
    }
  };

  return (
    <Stack gap="1">
      <HStack justify="space-between">
        <Text fontSize="sm" fontWeight="medium">
          {label}
        </Text>
        <Button size="xs" variant="outline" onClick={copy} aria-label={copyLabel}>
          Copy
        </Button>
      </HStack>
      {/* Lines break between attributes only; a value longer than the box scrolls rather than splits. */}
      <Code as="pre" display="block" whiteSpace="pre-wrap" wordBreak="normal" overflowWrap="normal" overflowX="auto" p="3" fontSize="xs">
        {snippet}
      </Code>
    </Stack>
  );
}
