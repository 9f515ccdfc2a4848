import { Button, Input, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useNavigate, useSearchParams } from "react-router";
import { withFeedback } from "../../../lib/mutation-feedback";
import { useSession } from "../../../lib/session";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { emailError, requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { LoginDocument } from "../../../gql/graphql";
import { returnPath } from "../return-path";

interface LoginValues {
  email: string;
  password: string;
}

const validate = (values: LoginValues): FieldErrors<LoginValues> => ({
  email: emailError(values.email),
  password: values.password ? undefined : requiredMessage("Password"),
});

interface LoginFormProps {
  /** The e-mail to start with, e.g. the one just registered. */
  initialEmail?: string;
  onSuccess: () => void;
  /** Opens the form that sends a reset link. */
  onForgotPassword?: () => void;
}

export function LoginForm({ initialEmail = "", onSuccess, onForgotPassword }: LoginFormProps) {
  const { values, errors, change, handleSubmit } = useForm<LoginValues>({ email: initialEmail, password: "" }, validate);
  const [login, { loading }] = useMutation(LoginDocument);
  const session = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();

  const submit = handleSubmit(async () => {
    const { ok } = await withFeedback(
      async () => {
        const { data } = await login({ variables: { input: { email: values.email.trim(), password: values.password } } });
        if (!data) throw new Error("empty login response");
        session.login(data.login.accessToken, data.login.user);
      },
      { success: "Welcome back!", failure: "Login failed" },
    );
    if (!ok) return;
    onSuccess();
    navigate(returnPath(search) ?? "/dashboard");
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Login">
      <Stack gap="4">
        <FormField label="Email" error={errors.email} required>
          <Input type="email" autoComplete="email" value={values.email} onChange={(e) => change("email", e.target.value)} />
        </FormField>
        <FormField label="Password" error={errors.password} required>
          <Input
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => change("password", e.target.value)}
          />
        </FormField>
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
