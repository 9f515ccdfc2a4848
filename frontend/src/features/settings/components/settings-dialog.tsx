import { Button, Input, Separator, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { useSession } from "../../../lib/session";
import { getToken } from "../../../lib/token-storage";
import { CurrentPasswordField } from "../../../components/form/current-password-field";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { passwordError, requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";
import { ChangePasswordDocument, UpdateProfileDocument, type FormBoundsFragment } from "../../../gql/graphql";
import { serverFieldError } from "../../../lib/server-error-message";
import { EmailForm } from "./email-form";
import { NotificationsForm } from "./notifications-form";
import { ApiKeysSection } from "./api-keys-section";
import { WebhooksSection } from "./webhooks-section";
import { TwoFactorSection } from "./two-factor-section";
import { SellerListingSection } from "../../ads-txt/components/seller-listing-section";
import { NewPasswordField } from "../../../components/form/new-password-field";

interface SettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function SettingsDialog({ open, onOpenChange }: SettingsDialogProps) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Settings" description="Your name, e-mail address, password, notifications, two-factor sign-in and API keys.">
      <WithFormOptions>
        {(options) => (
          <Stack gap="6">
            <ProfileForm options={options} />
            <Separator />
            <PasswordForm options={options} />
            <Separator />
            <EmailForm />
            <NotificationsForm />
            <SellerListingForPublishers />
            <Separator />
            <OnRequest action="Manage two-factor sign-in">
              <TwoFactorSection />
            </OnRequest>
            <Separator />
            <OnRequest action="Manage API keys">
              <ApiKeysSection />
            </OnRequest>
            <Separator />
            <OnRequest action="Manage webhooks">
              <WebhooksSection />
            </OnRequest>
          </Stack>
        )}
      </WithFormOptions>
    </AppDialog>
  );
}

/** Only publishers are listed in sellers.json, so only they see the setting. */
function SellerListingForPublishers() {
  const session = useSession();
  if (session.user?.role !== "PUBLISHER") return null;
  return (
    <>
      <Separator />
      <SellerListingSection />
    </>
  );
}

/** A section that loads only when asked for, so opening Settings asks the server for nothing more. */
function OnRequest({ action, children }: { action: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  if (open) return children;
  return (
    <Button variant="outline" size="sm" alignSelf="flex-start" onClick={() => setOpen(true)}>
      {action}
    </Button>
  );
}

function ProfileForm({ options }: { options: FormBoundsFragment }) {
  const session = useSession();
  const [fullName, setFullName] = useState(session.user?.fullName ?? "");
  const [error, setError] = useState<string>();
  const [updateProfile, { loading }] = useMutation(UpdateProfileDocument);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!fullName.trim()) return setError(requiredMessage("Full name"));
    const outcome = await withFeedback(
      async () => {
        const { data } = await updateProfile({ variables: { input: { fullName: fullName.trim() } } });
        const token = getToken();
        // The session keeps its own copy of the user; the token itself is unchanged.
        if (data && token) session.login(token, data.updateProfile);
      },
      { success: "Profile updated", failure: "Failed to update profile" },
    );
    const refusal = outcome.ok ? undefined : serverFieldError(outcome.error);
    if (refusal) setError(refusal.message);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Profile">
      <Stack gap="3">
        <Text fontWeight="semibold">Profile</Text>
        <FormField label="Full name" error={error} required>
          <Input
            autoComplete="name"
            maxLength={options.maxLength.name}
            value={fullName}
            onChange={(e) => {
              setFullName(e.target.value);
              setError(undefined);
            }}
          />
        </FormField>
        <Button type="submit" alignSelf="flex-start" colorPalette="brand" loading={loading} loadingText="Saving">
          Save Name
        </Button>
      </Stack>
    </form>
  );
}

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
}

const validatePasswordsWith = (options: FormBoundsFragment) => (values: PasswordValues): FieldErrors<PasswordValues> => ({
  currentPassword: values.currentPassword ? undefined : requiredMessage("Current password"),
  newPassword: passwordError("New password", values.newPassword, { min: options.minPasswordLength, max: options.maxLength.password }),
});

function PasswordForm({ options }: { options: FormBoundsFragment }) {
  const session = useSession();
  const blank: PasswordValues = { currentPassword: "", newPassword: "" };
  const { values, errors, change, setValues, handleSubmit, showServerError } = useForm(blank, validatePasswordsWith(options));
  const [changePassword, { loading }] = useMutation(ChangePasswordDocument);

  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(
      async () => {
        const { data } = await changePassword({ variables: { input: values } });
        if (!data?.changePassword.accessToken) throw new Error("empty changePassword response");
        // Every earlier token stops working, so the new one replaces it to keep the user signed in.
        session.login(data.changePassword.accessToken, data.changePassword.user);
        setValues(blank);
      },
      { success: "Password changed", failure: "Failed to change password" },
    );
    if (!outcome.ok) showServerError(outcome.error);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="3">
        <Text fontWeight="semibold">Change password</Text>
        <CurrentPasswordField label="Current password" value={values.currentPassword} error={errors.currentPassword} onChange={(value) => change("currentPassword", value)} />
        <NewPasswordField options={options} value={values.newPassword} error={errors.newPassword} onChange={(value) => change("newPassword", value)} />
        <Button type="submit" alignSelf="flex-start" colorPalette="brand" loading={loading} loadingText="Changing">
          Change Password
        </Button>
      </Stack>
    </form>
  );
}
