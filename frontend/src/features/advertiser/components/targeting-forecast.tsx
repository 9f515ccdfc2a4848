import { useQuery } from "@apollo/client/react";
import { Box, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { TargetingForecastDocument, type TargetingForecastInput } from "../../../gql/graphql";
import { userInputMessage } from "../../../lib/server-error-message";

/** How long the estimate waits for the advertiser to stop ticking and typing. */
const DEBOUNCE_MS = 400;

/** The estimated reach of the targeting being edited, asked for again a moment after each change. */
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
      aria-label="Estimated reach"
      role="status"
      opacity={loading ? 0.6 : 1}
    >
      {error ? (
        <Text fontSize="sm" color="fg.muted">
          {userInputMessage(error) ?? "The estimate is not available right now."}
        </Text>
      ) : forecast ? (
        <>
          <Text fontWeight="semibold">
            About {forecast.impressionsPerDay.toLocaleString("en-US")} {forecast.impressionsPerDay === 1 ? "impression" : "impressions"} a day
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {forecast.basis}
          </Text>
        </>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Estimating reach…
        </Text>
      )}
    </Box>
  );
}
