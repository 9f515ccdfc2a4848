import { Button, Heading, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { CurrentPasswordField } from "../../../components/form/current-password-field";
import { NewPasswordField } from "../../../components/form/new-password-field";
import { useForm } from "../../../components/form/use-form";
import { passwordError, requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { ChangePasswordDocument, type FormBoundsFragment } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";
import { useSession } from "../../../lib/session";

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
}

const validatePasswordsWith = (options: FormBoundsFragment) => (values: PasswordValues): FieldErrors<PasswordValues> => ({
  currentPassword: values.currentPassword ? undefined : requiredMessage("Current password"),
  newPassword: passwordError("New password", values.newPassword, { min: options.minPasswordLength, max: options.maxLength.password }),
});

export function PasswordForm({ options }: { options: FormBoundsFragment }) {
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
        <Heading as="h3" size="sm">
          Change password
        </Heading>
        <CurrentPasswordField label="Current password" value={values.currentPassword} error={errors.currentPassword} onChange={(value) => change("currentPassword", value)} />
        <NewPasswordField options={options} value={values.newPassword} error={errors.newPassword} onChange={(value) => change("newPassword", value)} />
        <Button type="submit" alignSelf="flex-start" colorPalette="brand" loading={loading} loadingText="Changing">
          Change Password
        </Button>
      </Stack>
    </form>
  );
}
