import { Alert, Button, HStack, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { formatDate } from "../../../components/format";
import { type AdsTxtCheckFragment, type AdsTxtStatus as Status, RecheckAdsTxtDocument } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";

const SAYS: Record<Status, { title: string; tone: "success" | "warning" | "error" }> = {
  FOUND: { title: "ads.txt lists AdNet", tone: "success" },
  LINE_MISSING: { title: "ads.txt found, but the AdNet line is missing", tone: "warning" },
  NO_FILE: { title: "No ads.txt found", tone: "warning" },
  FETCH_FAILED: { title: "ads.txt could not be fetched", tone: "error" },
};

/** What the last check of an approved site's /ads.txt found, what to do about it (the server's advice, with the line), when and why; with a button to check again. */
export function AdsTxtStatusNote({ site, siteName }: { site: AdsTxtCheckFragment; siteName: string }) {
  const [recheck, { loading }] = useMutation(RecheckAdsTxtDocument);
  if (site.status !== "APPROVED") return null;
  const says = site.adsTxtStatus ? SAYS[site.adsTxtStatus] : { title: "ads.txt not checked yet", tone: "info" as const };
  const checkNow = () =>
    withFeedback(() => recheck({ variables: { siteId: site.id } }), {
      success: ({ data }) => (data?.recheckAdsTxt.adsTxtStatus ? SAYS[data.recheckAdsTxt.adsTxtStatus].title : "ads.txt checked"),
      failure: "Could not check ads.txt",
    });
  return (
    <Alert.Root status={says.tone} size="sm" variant="subtle" role="status" aria-label={`ads.txt status of ${siteName}`}>
      <Alert.Indicator />
      <Stack gap="1" flex="1" minW="0">
        <HStack justify="space-between" align="flex-start">
          <Alert.Title>{says.title}</Alert.Title>
          <Button size="xs" variant="outline" loading={loading} onClick={() => void checkNow()} aria-label={`Check ads.txt of ${siteName} now`}>
            Check now
          </Button>
        </HStack>
        {site.adsTxtAdvice && <Alert.Description wordBreak="break-word">{site.adsTxtAdvice}</Alert.Description>}
        {(site.adsTxtReason || site.adsTxtCheckedAt) && (
          <Alert.Description wordBreak="break-word" color="fg.muted">
            {site.adsTxtReason}
            {site.adsTxtCheckedAt && ` (checked ${formatDate(site.adsTxtCheckedAt)})`}
          </Alert.Description>
        )}
      </Stack>
    </Alert.Root>
  );
}
