import { Alert, Button, Spinner, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useEffect, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { VerifyEmailDocument } from "../../../gql/graphql";
import { useSession } from "../../../lib/session";
import { serverErrorMessage } from "../../../lib/server-error-message";
import { useAuthDialog } from "../auth-dialog-provider";
import { EmailLinkPage } from "./email-link-page";

type Result = { state: "verifying" } | { state: "verified"; email: string } | { state: "failed"; message: string };

/** A link works once: the same token opened twice in one page load (React's development re-run) is sent once. */
const sent = new Map<string, Promise<{ email: string }>>();

/** Opened from a verification or change-of-address e-mail: `/verify-email?token=…`. */
export function VerifyEmailPage() {
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const [verifyEmail] = useMutation(VerifyEmailDocument, { refetchQueries: ["MyEmailStatus"] });
  const [result, setResult] = useState<Result>(token ? { state: "verifying" } : { state: "failed", message: "This link has no token: open it from the e-mail again" });
  const { user } = useSession();
  const { openLogin } = useAuthDialog();

  useEffect(() => {
    if (!token) return;
    let current = sent.get(token);
    if (!current) {
      current = verifyEmail({ variables: { token } }).then(({ data }) => {
        if (!data) throw new Error("empty verifyEmail response");
        return { email: data.verifyEmail.email };
      });
      sent.set(token, current);
    }
    let live = true;
    current.then(
      ({ email }) => live && setResult({ state: "verified", email }),
      (error: unknown) => live && setResult({ state: "failed", message: serverErrorMessage(error, "This link could not be checked: try again later") }),
    );
    return () => {
      live = false;
    };
  }, [token, verifyEmail]);

  return (
    <EmailLinkPage title="Verify your e-mail address">
      {result.state === "verifying" && (
        <Stack direction="row" align="center" gap="3">
          <Spinner size="sm" />
          <Text>Checking your link…</Text>
        </Stack>
      )}
      {result.state === "verified" && (
        <Stack gap="4">
          <Alert.Root status="success" variant="subtle">
            <Alert.Indicator />
            <Alert.Title>Thank you: {result.email} is verified.</Alert.Title>
          </Alert.Root>
          {user ? (
            <Button asChild colorPalette="brand" alignSelf="flex-start">
              <RouterLink to="/dashboard">Go to your dashboard</RouterLink>
            </Button>
          ) : (
            <Button colorPalette="brand" alignSelf="flex-start" onClick={openLogin}>
              Sign In
            </Button>
          )}
        </Stack>
      )}
      {result.state === "failed" && (
        <Stack gap="4">
          <Alert.Root status="error" variant="subtle">
            <Alert.Indicator />
            <Alert.Title>{result.message}</Alert.Title>
          </Alert.Root>
          <Text color="fg.muted">{user ? "Your dashboard can send you a new link." : "Sign in to ask for a new link."}</Text>
        </Stack>
      )}
    </EmailLinkPage>
  );
}
