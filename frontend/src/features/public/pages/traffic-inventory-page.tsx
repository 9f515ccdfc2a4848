import { Box, Button, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { lazy, Suspense, useState } from "react";
import { Link as RouterLink } from "react-router";
import { PlayIcon } from "../../../components/icons";
import { PageMeta } from "../../../components/page-meta";
import { PageHero } from "../../../components/page-hero";
import { StaticPageLayout } from "../../../components/static-page-layout";
import { useContactDialog } from "../../contact/contact-dialog-provider";
import { CountryBreakdown } from "../components/inventory/country-breakdown";
import { InventoryHighlights } from "../components/inventory/inventory-highlights";
import { RegionCard } from "../components/inventory/region-card";
import { regions } from "../data/regions";

const BREAKDOWN_ID = "region-breakdown";

// Loaded when first opened, as the other dialogs are: the page's first paint does not need it.
const VideoDemoDialog = lazy(() => import("../components/inventory/video-demo-dialog").then((m) => ({ default: m.VideoDemoDialog })));

export function TrafficInventoryPage() {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [demoOpen, setDemoOpen] = useState(false);
  const [demoOpened, setDemoOpened] = useState(false);
  const openDemo = () => {
    setDemoOpen(true);
    setDemoOpened(true);
  };
  const openContact = useContactDialog();
  const selected = regions.find((r) => r.id === selectedId);

  return (
    <StaticPageLayout>
      <PageMeta
        title="Premium Traffic Inventory"
        description="10.8B+ monthly ad impressions from 180+ countries, with traffic volume, CPM rates and traffic quality for every region and country."
      />
      <PageHero
        title="Premium Traffic Inventory"
        subtitle="Quality traffic from publishers around the world, with transparent pricing by region and country."
      >
        <InventoryHighlights />
        <Button size="lg" bg="white" color="brand.800" _hover={{ bg: "brand.50" }} onClick={openDemo}>
          <PlayIcon />
          Watch Overview
        </Button>
      </PageHero>

      <Container maxW="7xl" py={{ base: "10", md: "16" }}>
        <Stack gap="2" mb="8" textAlign="center" align="center">
          <Heading as="h2" size={{ base: "2xl", md: "3xl" }}>
            Traffic by Region
          </Heading>
          <Text color="fg.muted">Select a region to see its countries, traffic quality and CPM rates.</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {regions.map((region) => (
            <RegionCard
              key={region.id}
              region={region}
              selected={region.id === selectedId}
              controls={BREAKDOWN_ID}
              onSelect={() => setSelectedId((current) => (current === region.id ? null : region.id))}
            />
          ))}
        </SimpleGrid>
        {/* Keyed by region so the entrance animation replays on every new selection. */}
        {selected && <CountryBreakdown key={selected.id} id={BREAKDOWN_ID} region={selected} />}
        <Box textAlign="center" mt="8">
          <Button asChild variant="ghost" colorPalette="brand">
            <RouterLink to="/traffic-by-region">See all regions on one page</RouterLink>
          </Button>
        </Box>
      </Container>

      <Box as="section" bg="bg.subtle" py={{ base: "12", md: "16" }}>
        <Container maxW="4xl" textAlign="center">
          <Stack gap="5" align="center">
            <Heading as="h2" size={{ base: "2xl", md: "3xl" }}>
              Ready to Reach Your Audience?
            </Heading>
            <Text color="fg.muted">Start a campaign today or ask us for a quote tailored to your markets.</Text>
            <Stack direction={{ base: "column", sm: "row" }} gap="3" w={{ base: "full", sm: "auto" }}>
              <Button asChild size="lg" colorPalette="brand">
                <RouterLink to="/">Get Started Today</RouterLink>
              </Button>
              <Button size="lg" variant="outline" colorPalette="brand" onClick={() => openContact("advertiser")}>
                Request Custom Quote
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>

      {demoOpened && (
        <Suspense>
          <VideoDemoDialog open={demoOpen} onOpenChange={setDemoOpen} />
        </Suspense>
      )}
    </StaticPageLayout>
  );
}
