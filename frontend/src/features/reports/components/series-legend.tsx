import { Box, HStack, Text } from "@chakra-ui/react";

export interface LegendItem {
  label: string;
  /** A colour token, the one the series is drawn in. */
  color: string;
  dashed?: boolean;
}

/** Each series' name beside a swatch of its colour (a dashed one for a dashed line), under a chart. */
export function SeriesLegend({ items }: { items: LegendItem[] }) {
  return (
    <HStack as="ul" aria-label="Legend" listStyleType="none" gap="4" wrap="wrap" justify="center" pt="3" fontSize="sm">
      {items.map((item) => (
        <HStack as="li" key={item.label} gap="1.5">
          <Box
            data-swatch
            aria-hidden
            w="3"
            h={item.dashed ? "0" : "3"}
            borderRadius={item.dashed ? "none" : "sm"}
            bg={item.dashed ? undefined : item.color}
            borderTopWidth={item.dashed ? "2px" : undefined}
            borderTopStyle="dashed"
            borderColor={item.color}
          />
          <Text as="span" color="fg.muted">
            {item.label}
          </Text>
        </HStack>
      ))}
    </HStack>
  );
}
