import { Box, Container, SimpleGrid, Stat } from "@chakra-ui/react";
import { landingStats } from "../../data/landing-content";

export function StatsSection() {
  return (
    <Box as="section" aria-label="Network statistics" py="10" bg="bg.subtle" borderBottomWidth="1px">
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="6">
          {landingStats.map((stat) => (
            <Stat.Root key={stat.label} textAlign="center" alignItems="center">
              <Stat.Label>{stat.label}</Stat.Label>
              {/* The term comes first in a definition list; the figure is shown above it. */}
              <Stat.ValueText order={-1} fontSize={{ base: "2xl", md: "4xl" }} color="brand.fg">
                {stat.value}
              </Stat.ValueText>
            </Stat.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
