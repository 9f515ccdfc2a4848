import { Box, Button, Grid, Text } from "@chakra-ui/react";
import { useId, useState } from "react";
import type { CampaignCardFragment } from "../../../gql/graphql";
import { campaignSettingLines, type SettingWords } from "../campaign-setting-lines";

/**
 * What a campaign will deliver, one line per setting it sets, with every setting in full on demand:
 * what an advertiser checks on their card and an admin judges in review.
 */
export function CampaignSettingsSummary({ campaign, words }: { campaign: CampaignCardFragment; words?: SettingWords }) {
  const [all, setAll] = useState(false);
  const listId = useId();
  const lines = campaignSettingLines(campaign, words);
  const shown = all ? lines : lines.filter((line) => line.set);
  return (
    <Box>
      <Grid as="dl" id={listId} aria-label={`Settings of ${campaign.name}`} templateColumns={{ base: "1fr", sm: "max-content 1fr" }} columnGap="4" rowGap="1" fontSize="sm">
        {shown.map((line) => (
          <Box key={line.key} display="contents">
            <Text as="dt" color="fg.muted">
              {line.label}
            </Text>
            <Text as="dd" mb={{ base: "1", sm: "0" }}>
              {all ? line.detail : line.summary}
            </Text>
          </Box>
        ))}
      </Grid>
      <Button variant="plain" size="xs" px="0" colorPalette="brand" aria-expanded={all} aria-controls={listId} onClick={() => setAll(!all)}>
        {all ? "Show fewer settings" : "Show all settings"}
      </Button>
    </Box>
  );
}
