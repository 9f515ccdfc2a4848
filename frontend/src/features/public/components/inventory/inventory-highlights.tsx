import { SimpleGrid, Stat } from "@chakra-ui/react";
import { inventoryHighlights } from "../../data/regions";

export function InventoryHighlights() {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" w="full" maxW="4xl">
      {inventoryHighlights.map((item) => (
        <Stat.Root key={item.label} alignItems="center" textAlign="center" p="4" rounded="lg" bg="whiteAlpha.200">
          <Stat.Label color="brand.100">{item.label}</Stat.Label>
          {/* The term comes first in a definition list; the figure is shown above it. */}
          <Stat.ValueText order={-1} fontSize={{ base: "2xl", md: "3xl" }} color="white">
            {item.value}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
