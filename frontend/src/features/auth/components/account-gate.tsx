import { Button, Card, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { StaticPageLayout } from "../../../components/static-page-layout";
import { useSession } from "../../../lib/session";
import { getToken } from "../../../lib/token-storage";
import { TwoFactorEnrolment } from "../../settings/components/two-factor-section";

/** ACCOUNT_APPROVAL=manual: what a new account sees until an admin lets it in. */
export function WaitingForApproval() {
  const { user, logout } = useSession();
  return (
    <StaticPageLayout>
      <Container maxW="xl" py="16">
        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              <Heading size="lg">Your account is waiting for approval</Heading>
              <Text>
                Thanks for signing up{user ? `, ${user.fullName}` : ""}. An administrator reviews every new account before it can add sites or
                campaigns; this usually takes a working day. Sign in again later to start.
              </Text>
              <Button variant="outline" alignSelf="flex-start" onClick={() => void logout()}>
                Log out
              </Button>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Container>
    </StaticPageLayout>
  );
}

/** ADMIN_2FA=required: an admin without two-factor sign-in sets it up before anything else. */
export function TwoFactorRequired() {
  const { user, login, logout } = useSession();
  return (
    <StaticPageLayout>
      <Container maxW="xl" py="16">
        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              <Heading size="lg">Set up two-factor sign-in</Heading>
              <Text>Administrators sign in with a code from an authenticator app as well as their password. Set it up to open the dashboard.</Text>
              <TwoFactorEnrolment
                onDone={() => {
                  // The same token opens everything now that the server knows the admin enrolled.
                  const token = getToken();
                  if (user && token) login(token, { ...user, twoFactorEnabled: true, mustEnrolTwoFactor: false });
                }}
              />
              <Button variant="ghost" size="sm" alignSelf="flex-start" onClick={() => void logout()}>
                Log out
              </Button>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Container>
    </StaticPageLayout>
  );
}
