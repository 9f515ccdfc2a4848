import { Checkbox, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { MySellerListingDocument, SetSellerConfidentialDocument } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";

/** A publisher's entry in the network's sellers.json: their seller id, and whether buyers see their name and domain. */
export function SellerListingSection() {
  const { data } = useQuery(MySellerListingDocument);
  const [setConfidential] = useMutation(SetSellerConfidentialDocument, {
    update(cache, { data: answer }) {
      if (answer) cache.writeQuery({ query: MySellerListingDocument, data: { mySellerListing: answer.setSellerConfidential } });
    },
  });
  const listing = data?.mySellerListing;
  if (!listing) return null;
  const toggle = (confidential: boolean) =>
    withFeedback(() => setConfidential({ variables: { confidential } }), {
      success: confidential ? "sellers.json now lists you as confidential" : "sellers.json now shows your name and domain",
      failure: "Could not change the setting",
    });
  return (
    <Stack gap="2" role="group" aria-label="sellers.json">
      <Text fontWeight="semibold">sellers.json</Text>
      <Text fontSize="sm" color="fg.muted">
        Buyers read the network's /sellers.json to see who sells through AdNet. Your seller id there is {listing.sellerId}, as in your ads.txt line.
      </Text>
      <Checkbox.Root checked={listing.confidential} onCheckedChange={(e) => void toggle(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>List me as confidential (without my name and domain)</Checkbox.Label>
      </Checkbox.Root>
    </Stack>
  );
}
