import { Box, Button, Card, Container, Heading, HStack, List, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { IconCard } from "../../../components/icon-card";
import { CheckIcon } from "../../../components/icons";
import { PageMeta } from "../../../components/page-meta";
import { PageHero } from "../../../components/page-hero";
import { PageSection } from "../../../components/page-section";
import { StaticPageLayout } from "../../../components/static-page-layout";
import { monetizeBenefits, paymentTerms, publisherRequirements, revenuePotential } from "../data/monetize-content";

export function MonetizePage() {
  return (
    <StaticPageLayout>
      <PageMeta
        title="Monetize Your Traffic"
        description="Earn up to 85% revenue share on your site's traffic, with premium demand from 180+ countries and earnings within 24 hours of approval."
      />
      <PageHero
        title="Monetize Your Traffic"
        subtitle="Earn up to 85% revenue share with AI-powered optimization and premium demand from 180+ countries. Start earning within 24 hours of approval."
      >
        <Button asChild size="lg" bg="white" color="brand.800" _hover={{ bg: "brand.50" }}>
          <RouterLink to="/">Start Monetizing Today</RouterLink>
        </Button>
      </PageHero>

      <PageSection title="Why Publishers Choose AdNet">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
          {monetizeBenefits.map((benefit) => (
            <IconCard key={benefit.title} {...benefit} />
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection title="Revenue Potential" subtitle="Typical monthly earnings by traffic volume." bg="bg.subtle">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {revenuePotential.map((tier) => (
            <Card.Root key={tier.traffic} textAlign="center">
              <Card.Body gap="2">
                <Heading as="h3" size="2xl">
                  {tier.traffic}
                </Heading>
                <Text color="fg.muted">{tier.label}</Text>
                <Text fontSize="2xl" fontWeight="bold" color="green.700">
                  {tier.earnings}
                </Text>
                <Text color="fg.muted">per month</Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </PageSection>

      <Box as="section" py={{ base: "12", md: "16" }}>
        <Container maxW="6xl">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="10">
            <Stack gap="4">
              <Heading as="h2" size="2xl">
                Publisher Requirements
              </Heading>
              <List.Root gap="3" variant="plain">
                {publisherRequirements.map((requirement) => (
                  <List.Item key={requirement} alignItems="center">
                    <List.Indicator asChild color="green.600">
                      <CheckIcon boxSize="5" />
                    </List.Indicator>
                    {requirement}
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
            <Stack gap="4" id="payment-terms">
              <Heading as="h2" size="2xl">
                Payment Terms
              </Heading>
              <Stack as="dl" gap="3">
                {paymentTerms.map((term) => (
                  <HStack key={term.label} justify="space-between" borderBottomWidth="1px" pb="2" gap="4">
                    <Text as="dt" color="fg.muted">
                      {term.label}
                    </Text>
                    <Text as="dd" fontWeight="semibold" textAlign="right">
                      {term.value}
                    </Text>
                  </HStack>
                ))}
              </Stack>
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" bg="brand.800" color="white" py="14" textAlign="center">
        <Container maxW="3xl">
          <Stack gap="5" align="center">
            <Heading as="h2" size="2xl">
              Ready to Start Earning?
            </Heading>
            <Text color="brand.100">Sites are reviewed within 24 hours. Payments are monthly, Net-30.</Text>
            <Button asChild size="lg" bg="white" color="brand.800" _hover={{ bg: "brand.50" }}>
              <RouterLink to="/">Apply Now</RouterLink>
            </Button>
          </Stack>
        </Container>
      </Box>
    </StaticPageLayout>
  );
}
