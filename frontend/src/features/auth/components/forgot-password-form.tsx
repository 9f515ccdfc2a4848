import { Alert, Button, Input, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { emailError, type FieldErrors } from "../../../components/form/validation";
import { ForgotPasswordDocument } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";

interface ForgotValues {
  email: string;
}

const validate = (values: ForgotValues): FieldErrors<ForgotValues> => ({ email: emailError(values.email) });


/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { values, errors, change, handleSubmit, showServerError } = useForm<ForgotValues>({ email: "" }, validate);
  const [forgotPassword, { loading }] = useMutation(ForgotPasswordDocument);
  const [sentTo, setSentTo] = useState<string>();

  const submit = handleSubmit(async () => {
    const email = values.email.trim();
    const outcome = await withFeedback(
      async () => {
        await forgotPassword({ variables: { email } });
        setSentTo(email);
      },
      { success: "Check your inbox", failure: "Could not send the link" },
    );
    if (!outcome.ok) showServerError(outcome.error);
  });

  if (sentTo) {
    return (
      <Stack gap="4">
        <Alert.Root status="success" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Check your inbox</Alert.Title>
            <Alert.Description>
              If an account uses {sentTo}, we sent it a link to choose a new password. The link works once, for one hour.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button variant="outline" onClick={onBack}>
          Back to login
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Forgot password">
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          Enter the e-mail address of your account and we will send you a link to choose a new password.
        </Text>
        <FormField label="Email" error={errors.email} required>
          <Input type="email" autoComplete="email" value={values.email} onChange={(e) => change("email", e.target.value)} />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Sending">
          Send Reset Link
        </Button>
        <Button variant="ghost" size="sm" onClick={onBack}>
          Back to login
        </Button>
      </Stack>
    </form>
  );
}
