import { Button, Input, NativeSelect, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { emailError, passwordError, requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { RegisterDocument, type FormBoundsFragment } from "../../../gql/graphql";
import type { Audience } from "../audience";

interface RegisterValues {
  fullName: string;
  email: string;
  password: string;
  role: Audience;
}

const validateWith = (options: FormBoundsFragment) => (values: RegisterValues): FieldErrors<RegisterValues> => ({
  fullName: values.fullName.trim() ? undefined : requiredMessage("Full name"),
  email: emailError(values.email),
  password: passwordError("Password", values.password, { min: options.minPasswordLength, max: options.maxLength.password }),
});

interface RegisterFormProps {
  /** The role chosen at first; publishers unless the page knows better. */
  initialRole?: Audience;
  onRegistered: (email: string) => void;
}

export function RegisterForm({ initialRole = "PUBLISHER", onRegistered }: RegisterFormProps) {
  return (
    <WithFormOptions>
      {(options) => <RegisterFields options={options} initialRole={initialRole} onRegistered={onRegistered} />}
    </WithFormOptions>
  );
}

function RegisterFields({ options, initialRole, onRegistered }: RegisterFormProps & { options: FormBoundsFragment; initialRole: Audience }) {
  const { values, errors, change, setValues, handleSubmit, showServerError } = useForm<RegisterValues>(
    { fullName: "", email: "", password: "", role: initialRole },
    validateWith(options),
  );
  const [register, { loading }] = useMutation(RegisterDocument);

  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(
      async () => {
        await register({
          variables: {
            input: { fullName: values.fullName.trim(), email: values.email.trim(), password: values.password, role: values.role },
          },
        });
      },
      { success: "Registration successful! Please login.", failure: "Registration failed" },
    );
    if (!outcome.ok) return showServerError(outcome.error);
    setValues((v) => ({ ...v, password: "" }));
    onRegistered(values.email.trim());
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Register">
      <Stack gap="4">
        <FormField label="Full name" error={errors.fullName} required>
          <Input autoComplete="name" maxLength={options.maxLength.name} value={values.fullName} onChange={(e) => change("fullName", e.target.value)} />
        </FormField>
        <FormField label="Email" error={errors.email} required>
          <Input type="email" autoComplete="email" maxLength={options.maxLength.email} value={values.email} onChange={(e) => change("email", e.target.value)} />
        </FormField>
        <FormField
          label="Password"
          error={errors.password}
          required
          helperText={`At least ${options.minPasswordLength} characters`}
        >
          <Input
            type="password"
            autoComplete="new-password"
            maxLength={options.maxLength.password}
            value={values.password}
            onChange={(e) => change("password", e.target.value)}
          />
        </FormField>
        <FormField label="I am a">
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.role}
              onChange={(e) => change("role", e.target.value as RegisterValues["role"])}
            >
              <option value="PUBLISHER">Publisher (I own websites)</option>
              <option value="ADVERTISER">Advertiser (I buy traffic)</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Creating account">
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
