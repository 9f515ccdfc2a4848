import { SimpleGrid } from "@chakra-ui/react";
import { IconCard } from "../../../../components/icon-card";
import { PageSection } from "../../../../components/page-section";
import { landingFeatures } from "../../data/landing-content";

export function FeaturesSection() {
  return (
    <PageSection id="features" title="Everything You Need to Succeed" subtitle="Powerful tools for publishers and advertisers alike.">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
        {landingFeatures.map((feature) => (
          <IconCard key={feature.title} {...feature} />
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
