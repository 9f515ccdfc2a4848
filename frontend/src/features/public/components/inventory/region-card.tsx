import { Box, chakra, HStack, Stack, Text } from "@chakra-ui/react";
import type { Region } from "../../data/regions";

interface RegionCardProps {
  region: Region;
  selected: boolean;
  onSelect: () => void;
  controls: string;
}

/** The whole card is one button, so it is a single tab stop that toggles its country breakdown. */
export function RegionCard({ region, selected, onSelect, controls }: RegionCardProps) {
  return (
    <chakra.button
      type="button"
      onClick={onSelect}
      aria-expanded={selected}
      aria-controls={selected ? controls : undefined}
      textAlign="left"
      w="full"
      p="6"
      rounded="xl"
      borderWidth="2px"
      borderColor={selected ? "brand.solid" : "border"}
      bg={selected ? "brand.subtle" : "bg.panel"}
      shadow={selected ? "lg" : "sm"}
      transition="all 0.2s"
      cursor="pointer"
      _hover={{ borderColor: "brand.emphasized", shadow: "md" }}
    >
      <Stack gap="4">
        <HStack gap="3">
          <region.icon boxSize="9" color="brand.fg" />
          <Text as="span" fontSize="xl" fontWeight="bold">
            {region.name}
          </Text>
        </HStack>
        <HStack justify="space-between">
          <Box>
            <Text fontSize="sm" color="fg.muted">
              Total Traffic
            </Text>
            <Text fontSize="2xl" fontWeight="bold">
              {region.totalTraffic}
            </Text>
          </Box>
          <Box textAlign="right">
            <Text fontSize="sm" color="fg.muted">
              Avg CPM
            </Text>
            <Text fontSize="2xl" fontWeight="bold" color="green.700">
              {region.avgCpm}
            </Text>
          </Box>
        </HStack>
        <Text
          as="span"
          textAlign="center"
          py="2"
          rounded="md"
          fontWeight="semibold"
          bg={selected ? "brand.solid" : "bg.muted"}
          color={selected ? "brand.contrast" : "fg"}
        >
          {selected ? "Hide Details" : "View Details"}
        </Text>
      </Stack>
    </chakra.button>
  );
}
