import { Box, Button, Container, Flex } from "@chakra-ui/react";
import { useEffect, type ReactNode } from "react";
import { Link as RouterLink, useLocation, useNavigationType } from "react-router";
import { sectionOfRoute } from "../lib/static-routes";
import { BrandMark } from "./brand-mark";
import { ArrowLeftIcon } from "./icons";

/** Header with the brand mark and a way home, shared by every static page. */
export function StaticPageLayout({ children }: { children: ReactNode }) {
  useScrollToRouteSection();
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

/**
 * A link to a route that shows one section of a page (/payment-terms) lands on that section.
 * Loading the page is the static page loader's to handle, and going back restores where the
 * visitor was: only the app's own forward navigations scroll here.
 */
function useScrollToRouteSection() {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    const section = navigationType === "POP" ? null : sectionOfRoute(pathname);
    if (!section) return;
    // The router has just begun a smooth scroll to the top. Only a jump that moves stops it, and
    // the section may be where the page already is (near its end): so the top first, then the section.
    window.scrollTo({ top: 0, behavior: "instant" });
    section.scrollIntoView({ behavior: "instant" });
  }, [pathname, key, navigationType]);
}
