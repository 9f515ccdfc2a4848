import { Alert, Card, SimpleGrid } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Figure } from "../../../components/figure";
import type { SelectOption } from "../../../components/form/select-input";
import type { CampaignCardFragment } from "../../../gql/graphql";
import { formatCount, formatDate, formatMoney, formatPercent, formatPrice } from "../../../components/format";
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
  /** The countries a campaign can target, as the server names them for the campaign form (`formOptions.countries`). */
  countries?: readonly SelectOption[];
}

/**
 * A campaign's targeting in words, each country named as the campaign form names it, so a card and
 * the form never disagree; a code the server has not named (yet) is shown as it is. None means the whole world.
 */
function describeCountries(codes: readonly string[], countries: readonly SelectOption[] = []) {
  if (codes.length === 0) return "All countries";
  const names = new Map(countries.map(({ value, label }) => [value, label]));
  return codes.map((code) => names.get(code) ?? code).join(", ");
}

/** A campaign's money, delivery and targeting, as both its advertiser and the admins see it. */
export function CampaignCard({ campaign, actions, children, owner, countries }: CampaignCardProps) {
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
        <SimpleGrid columns={{ base: 2, sm: 3, md: 6 }} gap="3">
          <Figure label="Budget">{formatMoney(campaign.budget)}</Figure>
          <Figure label={campaign.pricingModel === "CPM" ? "CPM" : `${campaign.pricingModel} bid`}>{formatPrice(campaign.bid)}</Figure>
          <Figure label="Impressions">{formatCount(campaign.impressions)}</Figure>
          <Figure label="Clicks">{formatCount(campaign.clicks)}</Figure>
          <Figure label="CTR">{formatPercent(campaign.ctr)}</Figure>
          <Figure label="Spend">{formatMoney(campaign.spend)}</Figure>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <Figure label="Target countries">{describeCountries(campaign.targetCountries, countries)}</Figure>
          <Figure label="Daily budget cap">{campaign.dailyCap === null || campaign.dailyCap === undefined ? "No cap" : formatMoney(campaign.dailyCap)}</Figure>
        </SimpleGrid>
        {campaign.status === "REJECTED" && <RejectionNote reason={campaign.rejectionReason} />}
        {children}
      </Card.Body>
    </ReviewedCard>
  );
}
