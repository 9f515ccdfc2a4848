import { Box, Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { useAuthDialog } from "../../../auth/auth-dialog-provider";
import { useContactDialog } from "../../../contact/contact-dialog-provider";

export function CallToActionSection() {
  const { openRegister } = useAuthDialog();
  const openContact = useContactDialog();
  return (
    <Box as="section" bg="brand.800" color="white" py={{ base: "14", md: "20" }}>
      <Container maxW="4xl" textAlign="center">
        <Stack gap="6" align="center">
          <Heading as="h2" size={{ base: "2xl", md: "4xl" }}>
            Ready to Grow Your Business?
          </Heading>
          <Text fontSize="lg" color="brand.100">
            Join thousands of publishers and advertisers already succeeding with AdNet.
          </Text>
          <Stack direction={{ base: "column", sm: "row" }} gap="3" w={{ base: "full", sm: "auto" }}>
            <Button size="lg" bg="white" color="brand.800" _hover={{ bg: "brand.50" }} onClick={openRegister}>
              Get Started Today
            </Button>
            <Button
              size="lg"
              variant="outline"
              color="white"
              borderColor="whiteAlpha.700"
              _hover={{ bg: "whiteAlpha.200" }}
              onClick={() => openContact("advertiser")}
            >
              Request Demo
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
