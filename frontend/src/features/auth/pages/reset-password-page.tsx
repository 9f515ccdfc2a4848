import { Alert, Button, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { useAuthDialog } from "../auth-dialog-provider";
import { ResetPasswordForm } from "../components/reset-password-form";
import { EmailLinkPage } from "./email-link-page";

/** Opened from a password reset e-mail: `/reset-password?token=…`. */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const [done, setDone] = useState(false);
  const { openLogin } = useAuthDialog();

  return (
    <EmailLinkPage title="Choose a new password" intro={done ? undefined : "Choosing a new password signs you out on every other device."}>
      {!token ? (
        <Alert.Root status="error" variant="subtle">
          <Alert.Indicator />
          <Alert.Title>This link has no token: open it from the e-mail again, or ask for a new one from the login form.</Alert.Title>
        </Alert.Root>
      ) : done ? (
        <Stack gap="4">
          <Alert.Root status="success" variant="subtle">
            <Alert.Indicator />
            <Alert.Title>Your password is changed. Sign in with your new password.</Alert.Title>
          </Alert.Root>
          <Button colorPalette="brand" alignSelf="flex-start" onClick={openLogin}>
            Sign In
          </Button>
        </Stack>
      ) : (
        <WithFormOptions>{(options) => <ResetPasswordForm token={token} options={options} onDone={() => setDone(true)} />}</WithFormOptions>
      )}
    </EmailLinkPage>
  );
}
