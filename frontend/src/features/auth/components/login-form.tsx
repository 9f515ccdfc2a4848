import { Button, Input, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { useSession } from "../../../lib/session";
import { CurrentPasswordField } from "../../../components/form/current-password-field";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { emailError, requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { CompleteTwoFactorSignInDocument, LoginDocument } from "../../../gql/graphql";
import { serverFieldError } from "../../../lib/server-error-message";
import { useEnterApp } from "../use-enter-app";

interface LoginValues {
  email: string;
  password: string;
}

const validate = (values: LoginValues): FieldErrors<LoginValues> => ({
  email: emailError(values.email),
  password: values.password ? undefined : requiredMessage("Password"),
});

interface LoginFormProps {
  onSuccess: () => void;
  /** Opens the form that sends a reset link. */
  onForgotPassword?: () => void;
}

export function LoginForm({ onSuccess, onForgotPassword }: LoginFormProps) {
  const { values, errors, change, handleSubmit } = useForm<LoginValues>({ email: "", password: "" }, validate);
  const [login, { loading }] = useMutation(LoginDocument);
  const session = useSession();
  const enterApp = useEnterApp();
  /** Set once the password proved right on an account with two-factor sign-in on. */
  const [challenge, setChallenge] = useState<string | null>(null);

  const finish = () => {
    onSuccess();
    enterApp();
  };

  const submit = handleSubmit(async () => {
    let needsCode = false;
    const { ok } = await withFeedback(
      async () => {
        const { data } = await login({ variables: { input: { email: values.email.trim(), password: values.password } } });
        if (!data) throw new Error("empty login response");
        if (data.login.step === "TWO_FACTOR_CODE" && data.login.challengeToken) {
          needsCode = true;
          setChallenge(data.login.challengeToken);
          return;
        }
        if (!data.login.accessToken) throw new Error("no access token");
        session.login(data.login.accessToken, data.login.user);
      },
      { success: () => (needsCode ? "Password accepted: now the code from your app" : "Welcome back!"), failure: "Login failed" },
    );
    if (ok && !needsCode) finish();
  });

  if (challenge) return <TwoFactorCodeForm challengeToken={challenge} onSignedIn={finish} onRestart={() => setChallenge(null)} />;

  return (
    <form onSubmit={submit} noValidate aria-label="Login">
      <Stack gap="4">
        <FormField label="Email" error={errors.email} required>
          <Input type="email" autoComplete="email" value={values.email} onChange={(e) => change("email", e.target.value)} />
        </FormField>
        <CurrentPasswordField value={values.password} error={errors.password} onChange={(value) => change("password", value)} />
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Logging in">
          Login
        </Button>
        {onForgotPassword && (
          <Button variant="plain" size="sm" colorPalette="brand" alignSelf="center" onClick={onForgotPassword}>
            Forgot password?
          </Button>
        )}
      </Stack>
    </form>
  );
}

interface TwoFactorCodeFormProps {
  challengeToken: string;
  onSignedIn: () => void;
  onRestart: () => void;
}

/** The sign-in's second step: a code from the authenticator app, or one of the recovery codes. */
function TwoFactorCodeForm({ challengeToken, onSignedIn, onRestart }: TwoFactorCodeFormProps) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [complete, { loading }] = useMutation(CompleteTwoFactorSignInDocument);
  const session = useSession();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(requiredMessage("Code"));
    const outcome = await withFeedback(
      async () => {
        const { data } = await complete({ variables: { input: { challengeToken, code: code.trim() } } });
        if (!data?.completeTwoFactorSignIn.accessToken) throw new Error("empty sign-in response");
        session.login(data.completeTwoFactorSignIn.accessToken, data.completeTwoFactorSignIn.user);
      },
      { success: "Welcome back!", failure: "Sign-in failed" },
    );
    if (outcome.ok) return onSignedIn();
    const refusal = serverFieldError(outcome.error);
    if (refusal?.field === "challengeToken") return onRestart();
    if (refusal) setError(refusal.message);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Two-factor code">
      <Stack gap="4">
        <Text fontSize="sm">Enter the 6-digit code your authenticator app shows, or one of your recovery codes.</Text>
        <FormField label="Code" error={error} required>
          <Input
            autoComplete="one-time-code"
            inputMode="text"
            autoFocus
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(undefined);
            }}
          />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Checking">
          Verify
        </Button>
        <Button variant="ghost" size="sm" onClick={onRestart}>
          Start over
        </Button>
      </Stack>
    </form>
  );
}
