import { Blockquote, Card, SimpleGrid, Text } from "@chakra-ui/react";
import { PageSection } from "../../../../components/page-section";
import { testimonials } from "../../data/landing-content";

export function TestimonialsSection() {
  return (
    <PageSection id="testimonials" title="What Our Partners Say" subtitle="Publishers and advertisers growing with AdNet.">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {testimonials.map((t) => (
          <Card.Root key={t.name} variant="outline" as="figure">
            <Card.Body>
              <Blockquote.Root>
                <Blockquote.Content>“{t.quote}”</Blockquote.Content>
              </Blockquote.Root>
            </Card.Body>
            <Card.Footer as="figcaption" flexDirection="column" alignItems="flex-start" gap="0">
              <Text fontWeight="semibold">{t.name}</Text>
              <Text color="fg.muted" fontSize="sm">
                {t.role}
              </Text>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
