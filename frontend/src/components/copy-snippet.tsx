import { Box, Button, Code, HStack, Stack, Text } from "@chakra-ui/react";
import { copyWithFeedback } from "../lib/clipboard";

interface CopySnippetProps {
  /** What the snippet is, e.g. "Ad tag"; names the toasts too. */
  label: string;
  snippet: string;
  /** The button's accessible name, telling apart the snippets of several cards. */
  copyLabel: string;
}

/** HTML a user pastes into their own pages, shown in full with a button that copies it. */
export function CopySnippet({ label, snippet, copyLabel }: CopySnippetProps) {
  return (
    <Stack gap="1">
      <HStack justify="space-between">
        <Text fontSize="sm" fontWeight="medium">
          {label}
        </Text>
        <Button size="xs" variant="outline" onClick={() => void copyWithFeedback(snippet, label)} aria-label={copyLabel}>
          Copy
        </Button>
      </HStack>
      <Code as="pre" display="block" whiteSpace="pre-wrap" overflowX="auto" p="3" fontSize="xs">
        {/* A line breaks at a space, between attributes, never at a hyphen inside one (data-zone-id);
            one longer than the box scrolls. The text copied by hand stays the snippet itself. */}
        {snippet.split(/(\s+)/).map((part, index) =>
          /^\s*$/.test(part) ? (
            part
          ) : (
            <Box as="span" key={index} whiteSpace="nowrap">
              {part}
            </Box>
          ),
        )}
      </Code>
    </Stack>
  );
}
