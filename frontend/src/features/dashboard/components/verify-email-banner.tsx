import { Alert, Button } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { MyEmailStatusDocument, ResendVerificationEmailDocument } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";
import { useSession } from "../../../lib/session";

/** Until their address is verified, publishers and advertisers see what they cannot do yet (the server says, per role), and can ask for a new link. */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const needsCheck = user !== null && user.role !== "ADMIN";
  const { data } = useQuery(MyEmailStatusDocument, { skip: !needsCheck, fetchPolicy: "cache-and-network" });
  const [resend, { loading }] = useMutation(ResendVerificationEmailDocument);
  const status = data?.myEmailStatus;
  if (!needsCheck || !status || status.verified) return null;

  const resendLink = () =>
    withFeedback(() => resend(), { success: `A new link is on its way to ${status.email}`, failure: "Could not send a new link" });

  return (
    <Alert.Root status="warning" variant="subtle" aria-label="Verify your e-mail address">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Verify your e-mail address</Alert.Title>
        <Alert.Description>
          We sent a link to {status.email}.{status.untilVerified && ` Until you open it, you cannot ${status.untilVerified}.`}
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" loading={loading} loadingText="Sending" onClick={resendLink}>
        Resend link
      </Button>
    </Alert.Root>
  );
}
