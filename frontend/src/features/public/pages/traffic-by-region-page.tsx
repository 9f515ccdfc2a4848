import { Box, Center, Container, Heading, HStack, IconButton, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { Link as RouterLink } from "react-router";
import { ArrowLeftIcon } from "../../../components/icons";
import { PageMeta } from "../../../components/page-meta";
import { StaticPageLayout } from "../../../components/static-page-layout";
import { QualityBadge } from "../components/inventory/quality-badge";
import { regions } from "../data/regions";

const LOADING_MS = 2000;

export function TrafficByRegionPage() {
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), LOADING_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <StaticPageLayout>
      <PageMeta
        title="Traffic by Region"
        description="Monthly ad traffic, CPM rates and traffic quality by country across North America, Europe and Asia Pacific."
      />
      <Container maxW="6xl" py={{ base: "8", md: "12" }}>
        <HStack gap="3" mb="8">
          <IconButton asChild variant="ghost" aria-label="Back to traffic inventory">
            <RouterLink to="/traffic-inventory">
              <ArrowLeftIcon />
            </RouterLink>
          </IconButton>
          <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
            Traffic by Region
          </Heading>
        </HStack>
        {loading ? (
          <Center py="20" role="status">
            <Stack align="center" gap="3">
              <Spinner size="xl" color="brand.solid" />
              <Text color="fg.muted">Loading regional traffic data…</Text>
            </Stack>
          </Center>
        ) : (
          <Stack gap="10">
            {regions.map((region) => (
              <Box as="section" key={region.id} aria-labelledby={`${region.id}-heading`}>
                <HStack justify="space-between" wrap="wrap" mb="3" gap="2">
                  <Heading as="h2" size="xl" id={`${region.id}-heading`} display="flex" alignItems="center" gap="2">
                    <region.icon boxSize="7" color="brand.fg" />
                    {region.name}
                  </Heading>
                  <Text color="fg.muted">
                    Total Traffic <strong>{region.totalTraffic}</strong> · Avg CPM <strong>{region.avgCpm}</strong>
                  </Text>
                </HStack>
                <Table.ScrollArea borderWidth="1px" rounded="lg">
                  <Table.Root size="sm" striped>
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>Country</Table.ColumnHeader>
                        <Table.ColumnHeader>Quality</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">Monthly Traffic</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">CPM Rate</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {region.countries.map((country) => (
                        <Table.Row key={country.name}>
                          <Table.Cell>{country.name}</Table.Cell>
                          <Table.Cell>
                            <QualityBadge quality={country.quality} />
                          </Table.Cell>
                          <Table.Cell textAlign="end">{country.traffic}</Table.Cell>
                          <Table.Cell textAlign="end">{country.cpm}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              </Box>
            ))}
          </Stack>
        )}
      </Container>
    </StaticPageLayout>
  );
}
