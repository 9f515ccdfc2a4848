import { Card, SimpleGrid, Stat } from "@chakra-ui/react";

export interface StatItem {
  label: string;
  value: string;
}

/** The row of headline figures at the top of a dashboard. */
export function StatCardGrid({ stats, label = "Key figures" }: { stats: StatItem[]; label?: string }) {
  return (
    <SimpleGrid as="section" aria-label={label} columns={{ base: 1, sm: 2, lg: stats.length }} gap="4">
      {stats.map((stat) => (
        <Card.Root key={stat.label} size="sm">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{stat.label}</Stat.Label>
              <Stat.ValueText fontSize="2xl">{stat.value}</Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
