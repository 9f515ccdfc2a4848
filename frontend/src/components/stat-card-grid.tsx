import { Card, SimpleGrid, Stack, Stat, Text } from "@chakra-ui/react";
import { formatChange, type ChangeUnit } from "./format";
import { TermLabel } from "./term-label";

export interface StatChange {
  /** Null (or absent, as generated query types allow) when last month had nothing to compare with. */
  value?: number | null;
  unit: ChangeUnit;
  /** For figures where up is neither good nor bad news, such as an advertiser's spend: grey arrows. */
  neutral?: boolean;
}

export interface StatItem {
  label: string;
  /** What the figure means, on hover of its label (a term of `metric-terms`). */
  hint?: string;
  value: string;
  /** Month over month; left out on figures that have none. */
  change?: StatChange;
}

/** The arrow repeats the sign already written in the text, so screen readers skip it. */
function ChangeArrow({ change }: { change: StatChange }) {
  if (!change.value) return null;
  const Arrow = change.value > 0 ? Stat.UpIndicator : Stat.DownIndicator;
  return <Arrow aria-hidden color={change.neutral ? "fg.muted" : undefined} />;
}

interface StatCardGridProps {
  stats: StatItem[];
  label?: string;
  /** The time zone whose calendar months the changes compare, said under the cards that have one. */
  monthsIn?: string;
}

/** The row of headline figures at the top of a dashboard. */
export function StatCardGrid({ stats, label = "Key figures", monthsIn }: StatCardGridProps) {
  const compared = monthsIn !== undefined && stats.some((stat) => stat.change);
  return (
    <Stack as="section" aria-label={label} gap="2">
    <SimpleGrid columns={{ base: 2, lg: stats.length }} gap={{ base: "2", sm: "4" }}>
      {stats.map((stat) => (
        <Card.Root key={stat.label} size="sm">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{stat.hint ? <TermLabel label={stat.label} hint={stat.hint} /> : stat.label}</Stat.Label>
              <Stat.ValueText fontSize="2xl">{stat.value}</Stat.ValueText>
              {stat.change && (
                // A second description of the same term: a <dd>, where a bare <span> would break the list.
                <Stat.HelpText as="dd">
                  <ChangeArrow change={stat.change} />
                  {formatChange(stat.change.value ?? null, stat.change.unit)}
                </Stat.HelpText>
              )}
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
    {compared && (
      <Text fontSize="xs" color="fg.muted">
        This month so far against the same stretch of last month, in calendar months of the {monthsIn} time zone.
      </Text>
    )}
    </Stack>
  );
}
