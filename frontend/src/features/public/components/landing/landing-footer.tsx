import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { company, companyPhoneHref, footerColumns } from "../../data/company";

export function LandingFooter() {
  return (
    <Box as="footer" bg="gray.900" color="gray.300" py="12">
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="8">
          <Stack gap="3">
            <Text fontSize="xl" fontWeight="bold" color="white">
              {company.name}
            </Text>
            <Box as="address" fontStyle="normal">
              {company.address.map((line) => (
                <Text key={line}>{line}</Text>
              ))}
              <Link href={companyPhoneHref} color="gray.100">
                {company.phone}
              </Link>
              <br />
              <Link href={`mailto:${company.supportEmail}`} color="gray.100">
                {company.supportEmail}
              </Link>
            </Box>
          </Stack>
          {footerColumns.map((column) => (
            <Stack as="nav" key={column.title} aria-label={column.title} gap="3">
              <Heading as="h2" size="sm" color="white">
                {column.title}
              </Heading>
              {column.links.map((link) => (
                <Link key={link.to} asChild color="gray.300" _hover={{ color: "white" }}>
                  <RouterLink to={link.to}>{link.label}</RouterLink>
                </Link>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Text mt="10" pt="6" borderTopWidth="1px" borderColor="gray.700" fontSize="sm">
          © {new Date().getFullYear()} {company.name}. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
