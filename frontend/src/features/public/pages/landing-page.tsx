import { Box } from "@chakra-ui/react";
import { useEffect } from "react";
import { PageMeta } from "../../../components/page-meta";
import type { Audience } from "../../../lib/audience";
import { useAuthDialog } from "../../auth/auth-dialog-provider";
import { CallToActionSection } from "../components/landing/call-to-action-section";
import { FeaturesSection } from "../components/landing/features-section";
import { GlobalResultsSection } from "../components/landing/global-results-section";
import { HeroSection } from "../components/landing/hero-section";
import { HowItWorksSection } from "../components/landing/how-it-works-section";
import { LandingFooter } from "../components/landing/landing-footer";
import { LandingHeader } from "../components/landing/landing-header";
import { StatsSection } from "../components/landing/stats-section";
import { TestimonialsSection } from "../components/landing/testimonials-section";
import { WhyChooseUsSection } from "../components/landing/why-choose-us-section";

export function LandingPage() {
  return (
    <Box minH="100dvh">
      <PageMeta
        title="Ad Network Marketplace for Publishers and Advertisers"
        description="AdNet connects publishers who sell ad space with advertisers who buy quality traffic: precision targeting, real-time analytics and fraud protection in 180+ countries."
      />
      <LandingHeader />
      <Box as="main">
        <HeroSection />
        <StatsSection />
        <FeaturesSection />
        <HowItWorksSection />
        <WhyChooseUsSection />
        <GlobalResultsSection />
        <TestimonialsSection />
        <CallToActionSection />
      </Box>
      <LandingFooter />
    </Box>
  );
}

/** The landing page with the login dialog open for one audience, as the footer's login links promise. */
export function AudienceLoginPage({ audience }: { audience: Audience }) {
  const { signInAs } = useAuthDialog();
  useEffect(() => signInAs(audience), [signInAs, audience]);
  return <LandingPage />;
}
