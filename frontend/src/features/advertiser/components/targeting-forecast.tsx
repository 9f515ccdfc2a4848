import { useQuery } from "@apollo/client/react";
import { Box, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { formatCount, formatDate, formatMoney } from "../../../components/format";
import { TargetingForecastDocument, type TargetingForecastInput } from "../../../gql/graphql";
import { userInputMessage } from "../../../lib/server-error-message";

/** How long the estimate waits for the advertiser to stop ticking and typing. */
const DEBOUNCE_MS = 400;

/** One forecast figure under its label, with what it rests on. */
function ForecastFigure({ label, value, basis }: { label: string; value: string; basis: string }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="medium">{value}</Text>
      <Text fontSize="xs" color="fg.muted">
        {basis}
      </Text>
    </Box>
  );
}

/** What the campaign being edited would deliver a day, asked for again a moment after each change. */
export function TargetingForecast({ input }: { input: TargetingForecastInput }) {
  const key = JSON.stringify(input);
  const [asked, setAsked] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(key), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const { data, previousData, error, loading } = useQuery(TargetingForecastDocument, { variables: { input: JSON.parse(asked) as TargetingForecastInput } });
  const forecast = (data ?? previousData)?.targetingForecast;
  return (
    // Kept in view at the foot of the scrolling form, so each tick shows its effect where it is made.
    <Box
      position="sticky"
      bottom="0"
      zIndex="1"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      aria-live="polite"
      aria-label="Delivery forecast"
      role="status"
      opacity={loading ? 0.6 : 1}
    >
      {error ? (
        <Text fontSize="sm" color="fg.muted">
          {userInputMessage(error) ?? "The estimate is not available right now."}
        </Text>
      ) : forecast ? (
        <Stack gap="2">
          <Box>
            <Text fontWeight="semibold">
              About {formatCount(forecast.impressionsPerDay)} {forecast.impressionsPerDay === 1 ? "impression" : "impressions"} a day
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {forecast.basis}
            </Text>
          </Box>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <ForecastFigure label="Clicks a day" value={`About ${formatCount(Math.round(forecast.clicksPerDay))}`} basis={forecast.clicksBasis} />
            <ForecastFigure label="Spend a day" value={formatMoney(forecast.spendPerDay)} basis={forecast.spendBasis} />
            <ForecastFigure
              label="Budget runs out"
              value={forecast.budgetRunsOutOn ? formatDate(forecast.budgetRunsOutOn) : forecast.spendPerDay > 0 ? "Not before the end date" : "—"}
              basis={forecast.runOutBasis}
            />
          </SimpleGrid>
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Forecasting delivery…
        </Text>
      )}
    </Box>
  );
}
