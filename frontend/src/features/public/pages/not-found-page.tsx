import { Button, Center, Heading, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { PageMeta } from "../../../components/page-meta";

export function NotFoundPage() {
  return (
    <Center minH="100dvh" px="4" as="main">
      <PageMeta title="Page Not Found" />
      <Stack gap="4" align="center" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="brand.fg">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/">Go to the home page</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
