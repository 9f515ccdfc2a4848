import { Button, Checkbox, Field, Input, Link, NativeSelect, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { emailError, passwordError, requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { RegisterDocument, type FormBoundsFragment } from "../../../gql/graphql";
import { useSession } from "../../../lib/session";
import type { Audience } from "../../../lib/audience";
import { useEnterApp } from "../use-enter-app";

/** The spec's "Please login" no longer applies: registering signs the new account in. */
export const REGISTERED = "Registration successful! Welcome to AdNet.";
const TERMS_REQUIRED = "Accept the Terms of Service and the Privacy Policy to create an account";

interface RegisterValues {
  fullName: string;
  email: string;
  password: string;
  role: Audience;
  acceptTerms: boolean;
}

const validateWith = (options: FormBoundsFragment) => (values: RegisterValues): FieldErrors<RegisterValues> => ({
  fullName: values.fullName.trim() ? undefined : requiredMessage("Full name"),
  email: emailError(values.email),
  password: passwordError("Password", values.password, { min: options.minPasswordLength, max: options.maxLength.password }),
  acceptTerms: values.acceptTerms ? undefined : TERMS_REQUIRED,
});

interface RegisterFormProps {
  /** The role chosen at first; publishers unless the page knows better. */
  initialRole?: Audience;
  onSuccess: () => void;
}

/** The new account is signed in at once and taken to its dashboard (or, awaiting approval, to the waiting screen). */
export function RegisterForm({ initialRole = "PUBLISHER", onSuccess }: RegisterFormProps) {
  return (
    <WithFormOptions>
      {(options) => <RegisterFields options={options} initialRole={initialRole} onSuccess={onSuccess} />}
    </WithFormOptions>
  );
}

function RegisterFields({ options, initialRole, onSuccess }: RegisterFormProps & { options: FormBoundsFragment; initialRole: Audience }) {
  const { values, errors, change, handleSubmit, showServerError } = useForm<RegisterValues>(
    { fullName: "", email: "", password: "", role: initialRole, acceptTerms: false },
    validateWith(options),
  );
  const [register, { loading }] = useMutation(RegisterDocument);
  const session = useSession();
  const enterApp = useEnterApp();

  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(
      async () => {
        const { data } = await register({
          variables: {
            input: {
              fullName: values.fullName.trim(),
              email: values.email.trim(),
              password: values.password,
              role: values.role,
              acceptTerms: values.acceptTerms,
            },
          },
        });
        if (!data?.register.accessToken) throw new Error("empty registration response");
        session.login(data.register.accessToken, data.register.user);
      },
      { success: REGISTERED, failure: "Registration failed" },
    );
    if (!outcome.ok) return showServerError(outcome.error);
    onSuccess();
    enterApp();
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
        <TermsAcceptance
          versions={options.legalVersions}
          checked={values.acceptTerms}
          error={errors.acceptTerms}
          onChange={(checked) => change("acceptTerms", checked)}
        />
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Creating account">
          Create Account
        </Button>
      </Stack>
    </form>
  );
}

interface TermsAcceptanceProps {
  versions: FormBoundsFragment["legalVersions"];
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
}

/** The documents open in a new tab, so reading them does not lose what the form holds. */
function TermsAcceptance({ versions, checked, error, onChange }: TermsAcceptanceProps) {
  const newTab = { target: "_blank", rel: "noopener", colorPalette: "brand", variant: "underline" } as const;
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(e.checked === true)} alignItems="flex-start">
        <Checkbox.HiddenInput />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label fontWeight="normal">
          I accept the{" "}
          <Link href="/terms-of-service" {...newTab}>
            Terms of Service
          </Link>{" "}
          (version {versions.termsOfService}) and the{" "}
          <Link href="/privacy-policy" {...newTab}>
            Privacy Policy
          </Link>{" "}
          (version {versions.privacyPolicy})
        </Checkbox.Label>
      </Checkbox.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
