import { Box, HStack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";

/** The AdNet logo; it always leads home. */
export function BrandMark() {
  return (
    <RouterLink to="/" aria-label="AdNet home">
      <HStack gap="2">
        <Box
          aria-hidden
          boxSize="9"
          rounded="lg"
          bg="brand.solid"
          color="brand.contrast"
          display="grid"
          placeItems="center"
          fontWeight="bold"
        >
          A
        </Box>
        <Text fontWeight="bold" fontSize="xl" color="fg">
          AdNet
        </Text>
      </HStack>
    </RouterLink>
  );
}
