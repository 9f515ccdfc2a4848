import { Card, HStack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Figure } from "../../../components/figure";
import type { Owner } from "../../review/components/owner-note";
import { RejectionNote } from "../../review/components/rejection-note";
import { ReviewedCard } from "../../review/components/reviewed-card";

export interface SiteSummary {
  name: string;
  domain: string;
  category: string;
  description: string;
  status: string;
  rejectionReason?: string | null;
  /** What the publisher refuses on the site; only its publisher's view has them. */
  blockedCategories?: string[];
  blockedDomains?: string[];
}

/** `food_and_drink` as words: "Food and drink". */
const inWords = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll("_", " ");

interface SiteCardProps {
  site: SiteSummary;
  /** The second figure beside the category: monthly impressions for its publisher, the submission date for admins. */
  figure: { label: string; value: ReactNode };
  actions?: ReactNode;
  /** Its publisher, for the admins: the publisher knows who they are. */
  owner?: Owner | null;
  /** More about the site below its figures, such as its ads.txt line and check. */
  details?: ReactNode;
}

/** A site with its review status, as both its publisher and the admins see it. */
export function SiteCard({ site, figure, actions, owner, details }: SiteCardProps) {
  return (
    <ReviewedCard name={site.name} subtitle={site.domain} status={site.status} owner={owner} ownerRole="Publisher" actions={actions}>
      <Card.Body gap="3">
        <Text>{site.description}</Text>
        <HStack gap="8">
          <Figure label="Category">
            <Text as="span" textTransform="capitalize">
              {site.category}
            </Text>
          </Figure>
          <Figure label={figure.label}>{figure.value}</Figure>
        </HStack>
        {Boolean(site.blockedCategories?.length) && <Figure label="Blocked categories">{site.blockedCategories!.map(inWords).join(", ")}</Figure>}
        {Boolean(site.blockedDomains?.length) && <Figure label="Blocked landing domains">{site.blockedDomains!.join(", ")}</Figure>}
        {site.status === "REJECTED" && <RejectionNote reason={site.rejectionReason} />}
        {details}
      </Card.Body>
    </ReviewedCard>
  );
}
