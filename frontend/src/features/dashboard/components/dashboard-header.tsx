import { Box, Button, Container, Flex, Heading, HStack, Text } from "@chakra-ui/react";
import { Link as RouterLink, useMatch, useNavigate } from "react-router";
import { useSession, type SessionUser } from "../../../lib/session";
import { BrandMark } from "../../../components/brand-mark";

/** "Welcome" on an account's first visit (the server knows no sign-in before this one), "Welcome back" on every later one. */
const greetingOf = (user: SessionUser | null) => `${user?.previousSignInAt === null ? "Welcome" : "Welcome back"}, ${user?.fullName ?? ""}`;

interface DashboardHeaderProps {
  title: string;
  subtitle?: string;
}

/** Title, greeting, Settings and Logout: the same on every dashboard. */
export function DashboardHeader({ title, subtitle }: DashboardHeaderProps) {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const onSettings = useMatch("/settings") !== null;

  const signOut = async () => {
    await logout();
    navigate("/", { replace: true });
  };

  return (
    <Box as="header" borderBottomWidth="1px" bg="bg.panel">
      <Container maxW="7xl" py="4">
        <Flex gap="4" align={{ base: "flex-start", md: "center" }} justify="space-between" wrap="wrap">
          <HStack gap="4" align="center" minW="0">
            <BrandMark />
            <Box minW="0">
              <Heading as="h1" size={{ base: "lg", md: "xl" }}>
                {title}
              </Heading>
              {subtitle && <Text color="fg.muted">{subtitle}</Text>}
              <Text color="fg.muted">{greetingOf(user)}</Text>
            </Box>
          </HStack>
          <HStack gap="2">
            <Button asChild variant="outline" size="sm">
              <RouterLink to="/settings" aria-current={onSettings ? "page" : undefined}>
                Settings
              </RouterLink>
            </Button>
            <Button variant="solid" colorPalette="brand" size="sm" onClick={signOut}>
              Logout
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
