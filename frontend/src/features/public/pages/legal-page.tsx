import { Box, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { PageMeta } from "../../../components/page-meta";
import { StaticPageLayout } from "../../../components/static-page-layout";
import { privacyPolicy, termsOfService } from "../data/legal";

const documents = { privacy: privacyPolicy, terms: termsOfService };

export function LegalPage({ document }: { document: keyof typeof documents }) {
  const { title, lastUpdated, intro, sections } = documents[document];
  return (
    <StaticPageLayout>
      <PageMeta title={title} description={intro} />
      <Container maxW="4xl" py={{ base: "10", md: "16" }}>
        <Stack gap="3" mb="10">
          <Heading as="h1" size={{ base: "3xl", md: "4xl" }}>
            {title}
          </Heading>
          <Text color="fg.muted">Last updated: {lastUpdated}</Text>
          <Text fontSize="lg">{intro}</Text>
        </Stack>
        <Stack as="ol" gap="8" listStyleType="none">
          {sections.map((section, index) => (
            <Box as="li" key={section.heading}>
              <Heading as="h2" size="lg" mb="2">
                {index + 1}. {section.heading}
              </Heading>
              <Text color="fg.muted" lineHeight="tall">
                {section.body}
              </Text>
            </Box>
          ))}
        </Stack>
      </Container>
    </StaticPageLayout>
  );
}
