import { Circle, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { PageSection } from "../../../../components/page-section";
import { howItWorksSteps } from "../../data/landing-content";

export function HowItWorksSection() {
  return (
    <PageSection title="How It Works" subtitle="Three simple steps to start earning or advertising." bg="bg.subtle">
      <SimpleGrid as="ol" columns={{ base: 1, md: 3 }} gap="8" listStyleType="none">
        {howItWorksSteps.map((step, index) => (
          <Stack as="li" key={step.title} align="center" textAlign="center" gap="3">
            <Circle size="14" bg="brand.solid" color="brand.contrast" fontSize="xl" fontWeight="bold" aria-hidden>
              {index + 1}
            </Circle>
            <Heading as="h3" size="lg">
              {step.title}
            </Heading>
            <Text color="fg.muted">{step.text}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
