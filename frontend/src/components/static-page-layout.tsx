import { Box, Button, Container, Flex } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { BrandMark } from "./brand-mark";
import { ArrowLeftIcon } from "./icons";

/** Header with the brand mark and a way home, shared by every static page. */
export function StaticPageLayout({ children }: { children: ReactNode }) {
  return (
    <Box minH="100dvh" bg="bg">
      <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/90" backdropFilter="blur(8px)" borderBottomWidth="1px">
        <Container maxW="7xl" py="3">
          <Flex justify="space-between" align="center" gap="3">
            <BrandMark />
            <Button asChild variant="outline" size="sm">
              <RouterLink to="/">
                <ArrowLeftIcon />
                Back to Home
              </RouterLink>
            </Button>
          </Flex>
        </Container>
      </Box>
      <Box as="main">{children}</Box>
    </Box>
  );
}
