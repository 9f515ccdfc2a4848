import { Alert, List, Stack } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { MyFundsDocument, type FundsOutlookFragment } from "../../../gql/graphql";
import { fundsNotices } from "../funds-notices";

/** The advertiser's funds notices, each an alert, with what each campaign can spend where it matters. */
export function FundsNotices({ funds }: { funds: FundsOutlookFragment }) {
  const notices = fundsNotices(funds);
  if (notices.length === 0) return null;
  return (
    <Stack gap="3">
      {notices.map((notice) => (
        <Alert.Root key={notice.key} status={notice.status} variant="subtle" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{notice.title}</Alert.Title>
            {notice.campaigns.length > 0 && (
              <Alert.Description>
                <List.Root ps="4" aria-label="What each campaign can spend">
                  {notice.campaigns.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List.Root>
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      ))}
    </Stack>
  );
}

/**
 * The notices where campaigns are planned (the Campaigns tab), from the same answer the Billing tab
 * reads. Nothing while it loads or if it fails: the campaigns themselves still show.
 */
export function LoadedFundsNotices() {
  const funds = useQuery(MyFundsDocument, { fetchPolicy: "cache-and-network" }).data?.myFunds;
  return funds ? <FundsNotices funds={funds} /> : null;
}
