import { Badge, Box, Card, Heading, List, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { PageMeta } from "../../../components/page-meta";
import { PageHero } from "../../../components/page-hero";
import { PageSection } from "../../../components/page-section";
import { StaticPageLayout } from "../../../components/static-page-layout";
import { adFormatCategories, optimizationTips } from "../data/ad-formats";

const NOT_STATED = "—";

export function AdFormatsPage() {
  return (
    <StaticPageLayout>
      <PageMeta
        title="Ad Formats"
        description="Display, mobile, video, native and rich media ad formats with their sizes, positions and CPM ranges, plus tips for publishers and advertisers."
      />
      <PageHero
        title="Ad Formats"
        subtitle="Display, mobile, video, native and rich media formats with transparent CPM ranges."
      />
      <PageSection title="Formats and CPM Ranges">
        <Stack gap="10">
          {adFormatCategories.map((category) => (
            <Box as="section" key={category.name} aria-labelledby={`${category.name}-heading`}>
              <Heading as="h3" size="xl" id={`${category.name}-heading`}>
                {category.name}
              </Heading>
              <Text color="fg.muted" mb="3">
                {category.description}
              </Text>
              <Table.ScrollArea borderWidth="1px" rounded="lg">
                <Table.Root size="sm" striped>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Format</Table.ColumnHeader>
                      <Table.ColumnHeader>Size</Table.ColumnHeader>
                      <Table.ColumnHeader>Position</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">CPM Range</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {category.formats.map((format) => (
                      <Table.Row key={format.name}>
                        <Table.Cell fontWeight="medium">{format.name}</Table.Cell>
                        <Table.Cell>{format.size ? <Badge variant="outline">{format.size}</Badge> : NOT_STATED}</Table.Cell>
                        <Table.Cell>{format.position ?? NOT_STATED}</Table.Cell>
                        <Table.Cell textAlign="end" color="green.700" fontWeight="semibold" whiteSpace="nowrap">
                          {format.cpm}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            </Box>
          ))}
        </Stack>
      </PageSection>
      <PageSection title="Optimization Tips" bg="bg.subtle">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          {(
            [
              ["For Publishers", optimizationTips.publishers],
              ["For Advertisers", optimizationTips.advertisers],
            ] as const
          ).map(([title, tips]) => (
            <Card.Root key={title}>
              <Card.Body gap="3">
                <Heading as="h3" size="lg">
                  {title}
                </Heading>
                <List.Root gap="2" ps="5">
                  {tips.map((tip) => (
                    <List.Item key={tip}>{tip}</List.Item>
                  ))}
                </List.Root>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </PageSection>
    </StaticPageLayout>
  );
}
