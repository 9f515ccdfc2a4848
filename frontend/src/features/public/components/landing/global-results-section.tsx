import { SimpleGrid, Stat, Text } from "@chakra-ui/react";
import { PageSection } from "../../../../components/page-section";
import { globalResults } from "../../data/landing-content";

export function GlobalResultsSection() {
  return (
    <PageSection title="Global Results" subtitle="Infrastructure and people you can rely on, wherever you are." bg="bg.subtle">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {globalResults.map((result) => (
          <Stat.Root key={result.label} p="6" bg="bg.panel" borderWidth="1px" rounded="lg" textAlign="center" alignItems="center">
            <Stat.Label fontWeight="semibold" color="fg">
              {result.label}
            </Stat.Label>
            {/* The term comes first in a definition list; the figure is shown above it. */}
            <Stat.ValueText order={-1} fontSize="4xl" color="brand.fg">
              {result.value}
            </Stat.ValueText>
            <Text as="dd" color="fg.muted">
              {result.text}
            </Text>
          </Stat.Root>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
