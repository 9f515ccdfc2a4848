import { Box, Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { useAuthDialog } from "../../../auth/auth-dialog-provider";

export function HeroSection() {
  const { registerAs } = useAuthDialog();
  return (
    <Box
      as="section"
      bgGradient="to-br"
      gradientFrom="brand.700"
      gradientTo="brand.950"
      color="white"
      pt={{ base: "28", md: "36" }}
      pb={{ base: "16", md: "24" }}
    >
      <Container maxW="5xl" textAlign="center">
        <Stack gap="6" align="center">
          <Heading as="h1" size={{ base: "4xl", md: "6xl" }} lineHeight="shorter">
            The Ad Network That Grows With You
          </Heading>
          <Text fontSize={{ base: "lg", md: "xl" }} color="brand.100" maxW="3xl">
            Publishers turn their traffic into revenue. Advertisers reach the right audience with precision
            targeting, real-time analytics and fraud protection.
          </Text>
          <Stack direction={{ base: "column", sm: "row" }} gap="3" w={{ base: "full", sm: "auto" }}>
            <Button size="lg" bg="white" color="brand.800" _hover={{ bg: "brand.50" }} onClick={() => registerAs("ADVERTISER")}>
              Start Your Campaign
            </Button>
            <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: "whiteAlpha.200" }}>
              <RouterLink to="/traffic-inventory">Explore Traffic Inventory</RouterLink>
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
