import { Alert, Card, SimpleGrid } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Figure } from "../../../components/figure";
import type { CampaignCardFragment } from "../../../gql/graphql";
import { formatCount, formatDate, formatMoney, formatPercent } from "../../../components/format";
import type { SettingWords } from "../campaign-setting-lines";
import { CampaignSettingsSummary } from "./campaign-settings-summary";
import type { Owner } from "../../review/components/owner-note";
import { RejectionNote } from "../../review/components/rejection-note";
import { ReviewedCard } from "../../review/components/reviewed-card";

interface CampaignCardProps {
  campaign: CampaignCardFragment;
  /** Buttons for whoever is looking: pause and resume, or approve and reject. */
  actions?: ReactNode;
  /** More for the card's body, such as the advertiser's conversion pixel. */
  children?: ReactNode;
  /** Its advertiser, for the admins: the advertiser knows who they are. */
  owner?: Owner | null;
  /** The server's words for the settings, as the campaign form names them (`formOptions`), so a card and the form never disagree. */
  words?: SettingWords;
}

/** A campaign's money, delivery and settings, as both its advertiser and the admins see it. */
export function CampaignCard({ campaign, actions, children, owner, words }: CampaignCardProps) {
  return (
    <ReviewedCard
      name={campaign.name}
      subtitle={`${formatDate(campaign.startDate)} – ${formatDate(campaign.endDate)} · created ${formatDate(campaign.createdAt)}`}
      status={campaign.status}
      owner={owner}
      ownerRole="Advertiser"
      actions={actions}
    >
      <Card.Body gap="4">
        {campaign.deliveryIssue && (
          <Alert.Root status="warning" size="sm" variant="subtle">
            <Alert.Indicator />
            <Alert.Title>{campaign.deliveryIssue}</Alert.Title>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap="3">
          <Figure label="Budget">{formatMoney(campaign.budget)}</Figure>
          <Figure label="Impressions">{formatCount(campaign.impressions)}</Figure>
          <Figure label="Clicks">{formatCount(campaign.clicks)}</Figure>
          <Figure label="CTR">{formatPercent(campaign.ctr)}</Figure>
          <Figure label="Spend">{formatMoney(campaign.spend)}</Figure>
        </SimpleGrid>
        <CampaignSettingsSummary campaign={campaign} words={words} />
        {campaign.status === "REJECTED" && <RejectionNote reason={campaign.rejectionReason} />}
        {children}
      </Card.Body>
    </ReviewedCard>
  );
}
