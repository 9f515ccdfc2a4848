import { Button, Input, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { CurrentPasswordField } from "../../../components/form/current-password-field";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { emailError, requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { MyEmailStatusDocument, RequestEmailChangeDocument } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";

interface EmailValues {
  newEmail: string;
  currentPassword: string;
}

const validate = (values: EmailValues): FieldErrors<EmailValues> => ({
  newEmail: emailError(values.newEmail),
  currentPassword: values.currentPassword ? undefined : requiredMessage("Your password"),
});

/** A new address takes effect once the link sent to it is opened; until then the account keeps the old one. */
export function EmailForm() {
  const { data } = useQuery(MyEmailStatusDocument, { fetchPolicy: "cache-and-network" });
  const blank: EmailValues = { newEmail: "", currentPassword: "" };
  const { values, errors, change, setValues, handleSubmit, showServerError } = useForm(blank, validate);
  const [requestChange, { loading }] = useMutation(RequestEmailChangeDocument, { refetchQueries: [MyEmailStatusDocument] });
  const status = data?.myEmailStatus;

  const submit = handleSubmit(async () => {
    const newEmail = values.newEmail.trim();
    const outcome = await withFeedback(
      async () => {
        await requestChange({ variables: { input: { newEmail, currentPassword: values.currentPassword } } });
        setValues(blank);
      },
      { success: `Open the link we sent to ${newEmail} to confirm it`, failure: "Could not change the e-mail address" },
    );
    if (!outcome.ok) showServerError(outcome.error);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Change e-mail">
      <Stack gap="3">
        <Text fontWeight="semibold">E-mail address</Text>
        {status && (
          <Text fontSize="sm" color="fg.muted">
            Now {status.email}
            {status.verified ? " (verified)" : " (not verified yet)"}.
            {status.pendingEmail && ` Waiting for you to open the link sent to ${status.pendingEmail}.`}
          </Text>
        )}
        <FormField label="New e-mail" error={errors.newEmail} required>
          <Input type="email" autoComplete="email" value={values.newEmail} onChange={(e) => change("newEmail", e.target.value)} />
        </FormField>
        <CurrentPasswordField
          label="Your password"
          helperText="To confirm it is you"
          value={values.currentPassword}
          error={errors.currentPassword}
          onChange={(value) => change("currentPassword", value)}
        />
        <Button type="submit" alignSelf="flex-start" colorPalette="brand" loading={loading} loadingText="Sending">
          Change E-mail
        </Button>
      </Stack>
    </form>
  );
}
