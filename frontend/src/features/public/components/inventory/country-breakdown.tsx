import { Box, Button, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { useContactDialog } from "../../../contact/contact-dialog-provider";
import type { Region } from "../../data/regions";
import { QualityBadge } from "./quality-badge";

const ROW_STAGGER_MS = 100;

const fadeInUp = {
  animation: "fade-in-up 0.5s ease-out both",
  _motionReduce: { animation: "none" },
} as const;

export function CountryBreakdown({ region, id }: { region: Region; id: string }) {
  const openContact = useContactDialog();
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // On a phone the breakdown opens below the fold, under the other region cards: bring it up,
  // unless its heading is already in sight.
  useEffect(() => {
    const heading = headingRef.current;
    if (heading && heading.getBoundingClientRect().bottom > window.innerHeight) {
      sectionRef.current?.scrollIntoView({ block: "start" });
    }
  }, []);

  return (
    <Box ref={sectionRef} id={id} as="section" aria-label={`${region.name} country breakdown`} mt="8" {...fadeInUp}>
      <Heading ref={headingRef} as="h3" size="xl" mb="4">
        {region.name} – Country Breakdown
      </Heading>
      <Stack as="ul" gap="3" listStyleType="none">
        {region.countries.map((country, index) => (
          <Box
            as="li"
            key={country.name}
            p="4"
            borderWidth="1px"
            rounded="lg"
            bg="bg.panel"
            {...fadeInUp}
            animationDelay={`${index * ROW_STAGGER_MS}ms`}
          >
            <SimpleGrid columns={{ base: 2, md: 5 }} gap="3" alignItems="center">
              <Text fontWeight="semibold">{country.name}</Text>
              <Box>
                <QualityBadge quality={country.quality} />
              </Box>
              <Box>
                <Text fontSize="xs" color="fg.muted">
                  Monthly Traffic
                </Text>
                <Text fontWeight="medium">{country.traffic}</Text>
              </Box>
              <Box>
                <Text fontSize="xs" color="fg.muted">
                  CPM Rate
                </Text>
                <Text fontWeight="medium" color="green.700">
                  {country.cpm}
                </Text>
              </Box>
              <Button
                size="sm"
                colorPalette="brand"
                variant="outline"
                aria-label={`Target ${country.name}`}
                onClick={() => openContact("advertiser")}
              >
                Target
              </Button>
            </SimpleGrid>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
