import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { CampaignNamesDocument } from "../../../gql/graphql";

/** The advertiser's campaigns for a card's picker, and the one picked: the first until another is. */
export function usePickedCampaign() {
  const campaigns = useQuery(CampaignNamesDocument);
  const [picked, setPicked] = useState("");
  const list = campaigns.data?.myCampaigns ?? [];
  const campaignId = picked || (list[0] ? String(list[0].id) : "");
  return { campaignId, setPicked, options: list.map((campaign) => ({ value: String(campaign.id), label: campaign.name })) };
}
