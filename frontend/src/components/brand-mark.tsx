import { Box, HStack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";

/**
 * The AdNet logo; it always leads home. The letter mark is drawn by CSS, as a picture, so the
 * link's text is the name it is announced by and a voice user can say "click AdNet".
 */
export function BrandMark() {
  return (
    <RouterLink to="/" aria-label="AdNet home">
      <HStack gap="2">
        <Box
          aria-hidden
          _before={{ content: '"A"' }}
          boxSize="9"
          rounded="lg"
          bg="brand.solid"
          color="brand.contrast"
          display="grid"
          placeItems="center"
          fontWeight="bold"
        />
        <Text fontWeight="bold" fontSize="xl" color="fg">
          AdNet
        </Text>
      </HStack>
    </RouterLink>
  );
}
