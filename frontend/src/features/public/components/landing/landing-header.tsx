import { Box, Button, Container, Flex, HStack, Link, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { BrandMark } from "../../../../components/brand-mark";
import { CloseIcon, MenuIcon } from "../../../../components/icons";
import { useAuthDialog } from "../../../auth/auth-dialog-provider";
import { useContactDialog } from "../../../contact/contact-dialog-provider";

const MOBILE_MENU_ID = "landing-mobile-menu";

export function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { openLogin, openRegister } = useAuthDialog();
  const openContact = useContactDialog();

  // Every item closes the mobile menu first so the dialog or section it opens is not hidden behind it.
  const run = (action: () => void) => () => {
    setMenuOpen(false);
    action();
  };

  const navLinks = (
    <>
      <Link href="#features" onClick={() => setMenuOpen(false)}>
        Features
      </Link>
      <Link href="#testimonials" onClick={() => setMenuOpen(false)}>
        Testimonials
      </Link>
      <Link asChild>
        <RouterLink to="/traffic-inventory">Traffic Inventory</RouterLink>
      </Link>
      <Button variant="ghost" size="sm" onClick={run(() => openContact())}>
        Contact
      </Button>
    </>
  );

  const authButtons = (
    <>
      <Button variant="outline" size="sm" onClick={run(openLogin)}>
        Login
      </Button>
      <Button colorPalette="brand" size="sm" onClick={run(openRegister)}>
        Get Started
      </Button>
    </>
  );

  return (
    <Box as="header" position="fixed" top="0" insetX="0" zIndex="sticky" bg="bg/95" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <Container maxW="7xl" py="3">
        <Flex justify="space-between" align="center" gap="4">
          <BrandMark />
          <HStack as="nav" aria-label="Main" gap="6" display={{ base: "none", md: "flex" }} fontWeight="medium">
            {navLinks}
          </HStack>
          <HStack gap="2" display={{ base: "none", md: "flex" }}>
            {authButtons}
          </HStack>
          <Button
            display={{ base: "inline-flex", md: "none" }}
            variant="ghost"
            size="sm"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </Button>
        </Flex>
        {menuOpen && (
          <Stack
            id={MOBILE_MENU_ID}
            as="nav"
            aria-label="Mobile"
            display={{ base: "flex", md: "none" }}
            gap="3"
            pt="4"
            pb="2"
            align="stretch"
            fontWeight="medium"
          >
            {navLinks}
            {authButtons}
          </Stack>
        )}
      </Container>
    </Box>
  );
}
