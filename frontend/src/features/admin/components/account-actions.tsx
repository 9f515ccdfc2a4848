import { Button, HStack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { RejectDialog } from "../../review/components/reject-dialog";
import {
  AdminUserPageDocument,
  AdminUsersDocument,
  ApproveUserDocument,
  AuditLogDocument,
  ReactivateUserDocument,
  SendPasswordResetDocument,
  SendVerificationLinkDocument,
  SetIdentityVerifiedDocument,
  SuspendUserDocument,
  type ManagedUserFieldsFragment,
} from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";
import { useSession } from "../../../lib/session";

const refetch = { refetchQueries: [AdminUsersDocument, AdminUserPageDocument, AuditLogDocument], awaitRefetchQueries: true };

/** What an admin does to one account: approve it, suspend or reactivate it, record an identity check, e-mail it a link. */
export function AccountActions({ user }: { user: ManagedUserFieldsFragment }) {
  const { user: me } = useSession();
  const [suspending, setSuspending] = useState(false);
  const [approve, { loading: approving }] = useMutation(ApproveUserDocument, refetch);
  const [suspend] = useMutation(SuspendUserDocument, refetch);
  const [reactivate, { loading: reactivating }] = useMutation(ReactivateUserDocument, refetch);
  const [setVerified, { loading: verifying }] = useMutation(SetIdentityVerifiedDocument, refetch);
  const [sendLink, { loading: sendingLink }] = useMutation(SendVerificationLinkDocument, { refetchQueries: [AuditLogDocument] });
  const [sendReset, { loading: sendingReset }] = useMutation(SendPasswordResetDocument, { refetchQueries: [AuditLogDocument] });
  const who = user.fullName;

  return (
    <HStack gap="2" wrap="wrap">
      {user.status === "PENDING_APPROVAL" && (
        <Button
          size="xs"
          colorPalette="green"
          loading={approving}
          aria-label={`Approve ${who}`}
          onClick={() => void withFeedback(() => approve({ variables: { id: user.id } }), { success: `${who} approved`, failure: "Failed to approve the account" })}
        >
          Approve
        </Button>
      )}
      {user.status === "SUSPENDED" ? (
        <Button
          size="xs"
          variant="outline"
          loading={reactivating}
          aria-label={`Reactivate ${who}`}
          onClick={() =>
            void withFeedback(() => reactivate({ variables: { id: user.id } }), { success: `${who} reactivated`, failure: "Failed to reactivate the account" })
          }
        >
          Reactivate
        </Button>
      ) : (
        // An admin never suspends themselves; the server refuses it too, and the last admin.
        user.id !== me?.id && (
          <Button size="xs" variant="outline" colorPalette="red" aria-label={`Suspend ${who}`} onClick={() => setSuspending(true)}>
            Suspend
          </Button>
        )
      )}
      <Button
        size="xs"
        variant="ghost"
        loading={verifying}
        aria-label={user.identityVerified ? `Withdraw the identity check of ${who}` : `Mark the identity of ${who} verified`}
        onClick={() =>
          void withFeedback(() => setVerified({ variables: { id: user.id, verified: !user.identityVerified } }), {
            success: user.identityVerified ? `Identity check of ${who} withdrawn` : `Identity of ${who} verified`,
            failure: "Failed to record the identity check",
          })
        }
      >
        {user.identityVerified ? "Unverify identity" : "Verify identity"}
      </Button>
      {!user.emailVerified && (
        <Button
          size="xs"
          variant="ghost"
          loading={sendingLink}
          aria-label={`Send ${who} a new verification link`}
          onClick={() =>
            void withFeedback(() => sendLink({ variables: { id: user.id } }), { success: `Verification link sent to ${user.email}`, failure: "Failed to send the link" })
          }
        >
          Resend verification
        </Button>
      )}
      {user.status !== "SUSPENDED" && (
        <Button
          size="xs"
          variant="ghost"
          loading={sendingReset}
          aria-label={`Send ${who} a password reset link`}
          onClick={() =>
            void withFeedback(() => sendReset({ variables: { id: user.id } }), { success: `Password reset link sent to ${user.email}`, failure: "Failed to send the link" })
          }
        >
          Send password reset
        </Button>
      )}
      <RejectDialog
        verb="Suspend"
        subject={suspending ? who : null}
        description="The user is told this reason when they try to sign in. Their sessions and API keys stop at once, and their zones and campaigns stop serving."
        onClose={() => setSuspending(false)}
        onReject={(reason) => withFeedback(() => suspend({ variables: { id: user.id, reason } }), { success: `${who} suspended`, failure: "Failed to suspend the account" })}
      />
    </HStack>
  );
}
