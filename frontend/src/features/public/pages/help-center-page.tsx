import { Accordion, Box, Button, Container, Heading, Input, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { IconCard } from "../../../components/icon-card";
import { PageMeta } from "../../../components/page-meta";
import { PageHero } from "../../../components/page-hero";
import { PageSection } from "../../../components/page-section";
import { StaticPageLayout } from "../../../components/static-page-layout";
import { company, companyPhoneHref } from "../data/company";
import { faqCategories, helpResources } from "../data/faq";

export function HelpCenterPage() {
  const [search, setSearch] = useState("");

  return (
    <StaticPageLayout>
      <PageMeta
        title="Help Center"
        description="Answers for AdNet publishers and advertisers: video tutorials, documentation and FAQs on getting started, payments, campaigns and ad tags."
      />
      <PageHero title="Help Center" subtitle="Answers for publishers and advertisers, and a team ready to help.">
        <Box w="full" maxW="xl">
          <Input
            type="search"
            aria-label="Search help articles"
            placeholder="Search for answers…"
            size="lg"
            bg="white"
            color="gray.900"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Box>
      </PageHero>

      <PageSection title="Resources">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {helpResources.map((resource) => (
            <IconCard key={resource.title} icon={resource.icon} title={resource.title} text={resource.text} />
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection title="Frequently Asked Questions" bg="bg.subtle">
        <Stack gap="8" maxW="4xl" mx="auto">
          {faqCategories.map((category) => (
            <Box as="section" key={category.name} aria-labelledby={`faq-${category.name}`}>
              <Heading as="h3" size="lg" mb="3" id={`faq-${category.name}`}>
                {category.name}
              </Heading>
              <Accordion.Root collapsible variant="enclosed" bg="bg.panel">
                {category.questions.map((item) => (
                  <Accordion.Item key={item.question} value={item.question}>
                    <Accordion.ItemTrigger>
                      <Text flex="1" fontWeight="medium" textAlign="left">
                        {item.question}
                      </Text>
                      <Accordion.ItemIndicator />
                    </Accordion.ItemTrigger>
                    <Accordion.ItemContent>
                      <Accordion.ItemBody color="fg.muted">{item.answer}</Accordion.ItemBody>
                    </Accordion.ItemContent>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
            </Box>
          ))}
        </Stack>
      </PageSection>

      <Box as="section" id="contact-support" py="14" textAlign="center">
        <Container maxW="3xl">
          <Stack gap="5" align="center">
            <Heading as="h2" size="2xl">
              Contact Support
            </Heading>
            <Text color="fg.muted">
              Still need help? Our support team is available 24/7 and replies within 24 hours: write to{" "}
              <Link href={`mailto:${company.supportEmail}`} color="brand.fg">
                {company.supportEmail}
              </Link>{" "}
              or call{" "}
              <Link href={companyPhoneHref} color="brand.fg">
                {company.phone}
              </Link>
              .
            </Text>
            <Stack direction={{ base: "column", sm: "row" }} gap="3" w={{ base: "full", sm: "auto" }}>
              <Button asChild size="lg" colorPalette="brand">
                <RouterLink to="/">Contact Support</RouterLink>
              </Button>
              <Button asChild size="lg" variant="outline" colorPalette="brand">
                <RouterLink to="/">Schedule a Call</RouterLink>
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>
    </StaticPageLayout>
  );
}
