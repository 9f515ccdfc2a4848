import { Box, Button, Card, Grid, Heading, Link, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { useFormOptions } from "../../../components/form/with-form-options";
import { useSession } from "../../../lib/session";
import { SellerListingSection } from "../../ads-txt/components/seller-listing-section";
import { DashboardLayout } from "../../dashboard/components/dashboard-layout";
import { ApiKeysSection } from "../components/api-keys-section";
import { EmailForm } from "../components/email-form";
import { NotificationsForm } from "../components/notifications-form";
import { PasswordForm } from "../components/password-form";
import { ProfileForm } from "../components/profile-form";
import { TwoFactorSection } from "../components/two-factor-section";
import { WebhooksSection } from "../components/webhooks-section";

/** The page's sections in order: each is also a place to link to, /settings#api-keys. */
const SECTIONS = [
  { id: "profile", title: "Profile" },
  { id: "email", title: "E-mail and notifications" },
  { id: "security", title: "Security" },
  { id: "api-keys", title: "API keys" },
  { id: "webhooks", title: "Webhooks" },
] as const;

type SectionId = (typeof SECTIONS)[number]["id"];

const titleOf = (id: SectionId) => SECTIONS.find((section) => section.id === id)!.title;

function SettingsSection({ id, description, children }: { id: SectionId; description: string; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <Card.Root as="section" id={id} aria-labelledby={headingId} minW="0">
      <Card.Header>
        <Heading as="h2" size="lg" id={headingId}>
          {titleOf(id)}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {description}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="8">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Links to each section: a row above them on a phone, a column beside them from `lg` up. */
function SectionLinks() {
  return (
    <Box as="nav" aria-label="Settings sections" position={{ lg: "sticky" }} top={{ lg: "4" }} alignSelf="start">
      <Stack as="ul" listStyle="none" direction={{ base: "row", lg: "column" }} wrap="wrap" gap={{ base: "3", lg: "2" }}>
        {SECTIONS.map(({ id, title }) => (
          <li key={id}>
            <Link href={`#${id}`} fontSize="sm" color="fg.muted" _hover={{ color: "fg" }}>
              {title}
            </Link>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** Only publishers are listed in sellers.json, so only they see the setting. */
function SellerListingForPublishers() {
  const session = useSession();
  if (session.user?.role !== "PUBLISHER") return null;
  return <SellerListingSection />;
}

/** Everything an account sets about itself, whatever its role, on one page with a section for each concern. */
export function SettingsPage() {
  const { options, loadState } = useFormOptions();

  return (
    <DashboardLayout title="Settings" {...loadState} failureMessage="Failed to load the settings">
      <Button asChild variant="outline" size="sm" alignSelf="flex-start">
        <RouterLink to="/dashboard">Back to dashboard</RouterLink>
      </Button>
      {options && (
        <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "12rem minmax(0, 1fr)" }} gap="6">
          <SectionLinks />
          <Stack gap="6" maxW="5xl" minW="0">
            <SettingsSection id="profile" description="How AdNet and its admins name you.">
              <ProfileForm options={options} />
              <SellerListingForPublishers />
            </SettingsSection>
            <SettingsSection id="email" description="Where AdNet writes to you, and about what.">
              <EmailForm />
              <NotificationsForm />
            </SettingsSection>
            <SettingsSection id="security" description="Your password and two-factor sign-in.">
              <PasswordForm options={options} />
              <TwoFactorSection />
            </SettingsSection>
            <SettingsSection id="api-keys" description="Keys for your scripts and integrations to call AdNet as you.">
              <ApiKeysSection />
            </SettingsSection>
            <SettingsSection id="webhooks" description="Where AdNet sends your events as they happen.">
              <WebhooksSection />
            </SettingsSection>
          </Stack>
        </Grid>
      )}
    </DashboardLayout>
  );
}
