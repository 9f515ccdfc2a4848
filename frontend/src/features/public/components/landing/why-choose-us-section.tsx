import { Box, Heading, HStack, SimpleGrid, Text } from "@chakra-ui/react";
import { CheckIcon } from "../../../../components/icons";
import { PageSection } from "../../../../components/page-section";
import { whyChooseUs } from "../../data/landing-content";

export function WhyChooseUsSection() {
  return (
    <PageSection title="Why Choose AdNet" subtitle="A marketplace built on quality, speed and transparency.">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        {whyChooseUs.map((reason) => (
          <HStack key={reason.title} align="flex-start" gap="4" p="5" borderWidth="1px" rounded="lg">
            <Box color="green.600" pt="1">
              <CheckIcon boxSize="5" />
            </Box>
            <Box>
              <Heading as="h3" size="md">
                {reason.title}
              </Heading>
              <Text color="fg.muted">{reason.text}</Text>
            </Box>
          </HStack>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
