import { Button, Heading, Input, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState, type FormEvent } from "react";
import { FormField } from "../../../components/form/form-field";
import { requiredMessage } from "../../../components/form/validation";
import { UpdateProfileDocument, type FormBoundsFragment } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";
import { serverFieldError } from "../../../lib/server-error-message";
import { useSession } from "../../../lib/session";
import { getToken } from "../../../lib/token-storage";

/** The account's full name, as the greeting and the admins' lists show it. */
export function ProfileForm({ options }: { options: FormBoundsFragment }) {
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
        <Heading as="h3" size="sm">
          Name
        </Heading>
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
