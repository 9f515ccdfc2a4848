import { Alert, Button, Input, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { passwordError, requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { ResetPasswordDocument, type FormBoundsFragment } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";
import { serverFieldError } from "../../../lib/server-error-message";
import { NewPasswordField } from "../../../components/form/new-password-field";

interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

const validateWith = (options: FormBoundsFragment) => (values: ResetValues): FieldErrors<ResetValues> => ({
  newPassword: passwordError("New password", values.newPassword, { min: options.minPasswordLength, max: options.maxLength.password }),
  confirmPassword: !values.confirmPassword
    ? requiredMessage("Confirm password")
    : values.confirmPassword !== values.newPassword
      ? "The two passwords differ"
      : undefined,
});

interface ResetPasswordFormProps {
  token: string;
  options: FormBoundsFragment;
  onDone: () => void;
}

/** Chooses a new password with the token of a reset link; a refused link is said above the form. */
export function ResetPasswordForm({ token, options, onDone }: ResetPasswordFormProps) {
  const { values, errors, change, handleSubmit, showServerError } = useForm<ResetValues>({ newPassword: "", confirmPassword: "" }, validateWith(options));
  const [resetPassword, { loading }] = useMutation(ResetPasswordDocument);
  const [linkError, setLinkError] = useState<string>();

  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(
      async () => {
        await resetPassword({ variables: { input: { token, newPassword: values.newPassword } } });
      },
      { success: "Password changed: sign in with your new password", failure: "Could not change the password" },
    );
    if (outcome.ok) return onDone();
    const refusal = serverFieldError(outcome.error);
    if (refusal?.field === "token") setLinkError(refusal.message);
    else showServerError(outcome.error);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password">
      <Stack gap="4">
        {linkError && (
          <Alert.Root status="error" variant="subtle" role="alert">
            <Alert.Indicator />
            <Alert.Title>{linkError}</Alert.Title>
          </Alert.Root>
        )}
        <NewPasswordField options={options} value={values.newPassword} error={errors.newPassword} onChange={(value) => change("newPassword", value)} />
        <FormField label="Confirm password" error={errors.confirmPassword} required>
          <Input
            type="password"
            autoComplete="new-password"
            maxLength={options.maxLength.password}
            value={values.confirmPassword}
            onChange={(e) => change("confirmPassword", e.target.value)}
          />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Saving">
          Set New Password
        </Button>
      </Stack>
    </form>
  );
}
