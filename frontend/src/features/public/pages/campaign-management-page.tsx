import { Box, Button, Card, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { IconCard } from "../../../components/icon-card";
import { NumberedSteps } from "../../../components/numbered-steps";
import { PageMeta } from "../../../components/page-meta";
import { PageHero } from "../../../components/page-hero";
import { PageSection } from "../../../components/page-section";
import { StaticPageLayout } from "../../../components/static-page-layout";
import { campaignFeatures, campaignTypes, pricingModels, setupSteps, targetingOptions } from "../data/campaign-management-content";

export function CampaignManagementPage() {
  return (
    <StaticPageLayout>
      <PageMeta
        title="Campaign Management"
        description="Launch, target and optimize display, video, native and mobile campaigns across 10.8B+ monthly impressions in 180+ countries."
      />
      <PageHero
        title="Campaign Management"
        subtitle="Launch, target and optimize campaigns across 10.8B+ monthly impressions in 180+ countries."
      >
        <Button asChild size="lg" bg="white" color="brand.800" _hover={{ bg: "brand.50" }}>
          <RouterLink to="/">Create Your Campaign</RouterLink>
        </Button>
      </PageHero>

      <PageSection title="Powerful Campaign Tools">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
          {campaignFeatures.map((feature) => (
            <IconCard key={feature.title} {...feature} />
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection id="targeting-options" title="Targeting Options" subtitle="Reach the visitors you want, when you want them." bg="bg.subtle">
        <NamedCards items={targetingOptions} columns={4} />
      </PageSection>

      <PageSection title="Campaign Types">
        <NamedCards items={campaignTypes} columns={3} />
      </PageSection>

      <PageSection id="pricing-models" title="Pricing Models" bg="bg.subtle" subtitle="Billing by CPM or CPC; fund your account by credit card, bank transfer or prepaid balance.">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" maxW="4xl" mx="auto">
          {pricingModels.map((model) => (
            <Card.Root key={model.name} variant="outline">
              <Card.Body gap="2">
                <Heading as="h3" size="xl" color="brand.fg">
                  {model.name}
                </Heading>
                <Text color="fg.muted">{model.text}</Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection title="Set Up in 4 Steps">
        <NumberedSteps steps={setupSteps} columns={{ base: 1, sm: 2, lg: 4 }} gap="6" size="md" />
      </PageSection>

      <Box as="section" bg="brand.800" color="white" py="14" textAlign="center">
        <Container maxW="3xl">
          <Stack gap="5" align="center">
            <Heading as="h2" size="2xl">
              Start Your First Campaign
            </Heading>
            <Text color="brand.100">The minimum budget is $500. Approved campaigns go live within 2-4 hours.</Text>
            <Button asChild size="lg" bg="white" color="brand.800" _hover={{ bg: "brand.50" }}>
              <RouterLink to="/">Get Started</RouterLink>
            </Button>
          </Stack>
        </Container>
      </Box>
    </StaticPageLayout>
  );
}

function NamedCards({ items, columns }: { items: { name: string; text: string }[]; columns: number }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: columns }} gap="4">
      {items.map((item) => (
        <Card.Root key={item.name} size="sm">
          <Card.Body>
            <Heading as="h3" size="md">
              {item.name}
            </Heading>
            <Text color="fg.muted">{item.text}</Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
