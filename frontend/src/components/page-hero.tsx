import { Box, Container, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface PageHeroProps {
  title: string;
  subtitle: string;
  children?: ReactNode;
}

export function PageHero({ title, subtitle, children }: PageHeroProps) {
  return (
    <Box bgGradient="to-br" gradientFrom="brand.700" gradientTo="brand.900" color="white" py={{ base: "12", md: "20" }}>
      <Container maxW="5xl" textAlign="center">
        <Stack gap="5" align="center">
          <Heading as="h1" size={{ base: "3xl", md: "5xl" }} lineHeight="shorter">
            {title}
          </Heading>
          <Text fontSize={{ base: "md", md: "xl" }} color="brand.100" maxW="3xl">
            {subtitle}
          </Text>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
