import { NumberedSteps } from "../../../../components/numbered-steps";
import { PageSection } from "../../../../components/page-section";
import { howItWorksSteps } from "../../data/landing-content";

export function HowItWorksSection() {
  return (
    <PageSection title="How It Works" subtitle="Three simple steps to start earning or advertising." bg="bg.subtle">
      <NumberedSteps steps={howItWorksSteps} columns={{ base: 1, md: 3 }} gap="8" size="lg" />
    </PageSection>
  );
}
