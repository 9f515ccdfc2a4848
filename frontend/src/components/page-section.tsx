import { Box, Container, Heading, Stack, Text, type BoxProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface PageSectionProps extends Omit<BoxProps, "title"> {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

export function PageSection({ title, subtitle, children, ...rest }: PageSectionProps) {
  return (
    <Box as="section" py={{ base: "12", md: "16" }} {...rest}>
      <Container maxW="7xl">
        <Stack gap="3" textAlign="center" mb={{ base: "8", md: "10" }} align="center">
          <Heading as="h2" size={{ base: "2xl", md: "3xl" }}>
            {title}
          </Heading>
          {subtitle && (
            <Text color="fg.muted" fontSize={{ base: "md", md: "lg" }} maxW="3xl">
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
