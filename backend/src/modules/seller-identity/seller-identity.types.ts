import { Field, ObjectType } from "type-graphql";

@ObjectType("SellerListing", { description: "How the network names the signed-in publisher to buyers: their ads.txt line and their sellers.json entry." })
export class SellerListingView {
  @Field({ description: "The seller_id in sellers.json, the same as the second field of the ads.txt line." }) sellerId: string;
  @Field({ description: "The line to add to each of the publisher's sites' /ads.txt." }) adsTxtLine: string;
  @Field({ description: "Whether sellers.json lists the publisher as confidential, without name and domain." }) confidential: boolean;
}
