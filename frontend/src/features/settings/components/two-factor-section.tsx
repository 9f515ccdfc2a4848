import { Badge, Box, Button, Code, HStack, Image, Input, List, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { useState, type FormEvent } from "react";
import { CurrentPasswordField } from "../../../components/form/current-password-field";
import { FormField } from "../../../components/form/form-field";
import { requiredMessage } from "../../../components/form/validation";
import {
  BeginTwoFactorEnrolmentDocument,
  ConfirmTwoFactorEnrolmentDocument,
  DisableTwoFactorDocument,
  TwoFactorStatusDocument,
  type BeginTwoFactorEnrolmentMutation,
} from "../../../gql/graphql";
import { copyWithFeedback } from "../../../lib/clipboard";
import { withFeedback } from "../../../lib/mutation-feedback";
import { saveFile } from "../../../lib/save-file";
import { serverFieldError } from "../../../lib/server-error-message";

type Enrolment = BeginTwoFactorEnrolmentMutation["beginTwoFactorEnrolment"];

const RECOVERY_CODES_FILE = "adnet-recovery-codes.txt";

/** One code a line, as they are copied and saved. */
const recoveryCodesText = (codes: string[]) => `${codes.join("\n")}\n`;

interface TwoFactorEnrolmentProps {
  /** Runs as soon as the server turned it on, while the recovery codes are still on screen. */
  onEnabled?: () => void;
  /** Runs once the recovery codes are acknowledged. */
  onDone: () => void;
}

/**
 * Setting up two-factor sign-in: a new secret as a QR code and as text, confirmed with a code from
 * the app; then the 10 recovery codes, shown this once.
 */
export function TwoFactorEnrolment({ onEnabled, onDone }: TwoFactorEnrolmentProps) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [begin, { loading: starting }] = useMutation(BeginTwoFactorEnrolmentDocument);
  const [confirm, { loading: confirming }] = useMutation(ConfirmTwoFactorEnrolmentDocument);

  const start = async () => {
    const outcome = await withFeedback(() => begin(), { success: "Scan the code with your authenticator app", failure: "Could not start the set-up" });
    if (outcome.ok && outcome.result.data) setEnrolment(outcome.result.data.beginTwoFactorEnrolment);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(requiredMessage("Code"));
    const outcome = await withFeedback(() => confirm({ variables: { code: code.trim() } }), {
      success: "Two-factor sign-in is on",
      failure: "That code did not work",
    });
    if (outcome.ok && outcome.result.data) {
      setRecoveryCodes(outcome.result.data.confirmTwoFactorEnrolment);
      return onEnabled?.();
    }
    const refusal = outcome.ok ? undefined : serverFieldError(outcome.error);
    if (refusal) setError(refusal.message);
  };

  if (recoveryCodes) {
    return (
      <Stack gap="3">
        <Text fontWeight="medium">Your recovery codes</Text>
        <Text fontSize="sm">
          Each works once, in place of a code from your app, if you lose your phone. Keep them somewhere safe: they are not shown again.
        </Text>
        <List.Root aria-label="Recovery codes" listStyle="none" columns={2} display="grid" gridTemplateColumns="1fr 1fr" gap="1">
          {recoveryCodes.map((recoveryCode) => (
            <List.Item key={recoveryCode}>
              <Code>{recoveryCode}</Code>
            </List.Item>
          ))}
        </List.Root>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => void copyWithFeedback(recoveryCodesText(recoveryCodes), "Recovery codes")}>
            Copy
          </Button>
          <Button size="sm" variant="outline" onClick={() => saveFile(new Blob([recoveryCodesText(recoveryCodes)], { type: "text/plain" }), RECOVERY_CODES_FILE)}>
            Download
          </Button>
        </HStack>
        <Button colorPalette="brand" alignSelf="flex-start" onClick={onDone}>
          I have saved my recovery codes
        </Button>
      </Stack>
    );
  }

  if (!enrolment) {
    return (
      <Button colorPalette="brand" alignSelf="flex-start" loading={starting} onClick={start}>
        Set up two-factor sign-in
      </Button>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Confirm two-factor sign-in">
      <Stack gap="3">
        <Text fontSize="sm">Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or type the key by hand.</Text>
        <Box>
          <Image src={enrolment.qrCodeDataUrl} alt="QR code for your authenticator app" width="44" height="44" />
        </Box>
        <Text fontSize="sm">
          Key: <Code data-testid="two-factor-secret">{enrolment.secret}</Code>
        </Text>
        <FormField label="Code from the app" error={error} required>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(undefined);
            }}
          />
        </FormField>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={confirming} loadingText="Checking">
          Turn on
        </Button>
      </Stack>
    </form>
  );
}

/** Settings: whether sign-in asks for a code, how many recovery codes are left, and turning it on or off. */
export function TwoFactorSection() {
  const status = useQuery(TwoFactorStatusDocument);
  const [enrolling, setEnrolling] = useState(false);
  const data = status.data?.twoFactorStatus;

  return (
    <Stack gap="3" as="section" aria-label="Two-factor sign-in">
      <HStack gap="2">
        <Text fontWeight="medium">Two-factor sign-in</Text>
        {data && <Badge colorPalette={data.enabled ? "green" : "gray"}>{data.enabled ? "On" : "Off"}</Badge>}
      </HStack>
      {data && !data.enabled && !enrolling && (
        <Stack gap="2">
          <Text fontSize="sm">Ask for a code from an authenticator app as well as your password when you sign in.</Text>
          <Button variant="outline" size="sm" alignSelf="flex-start" onClick={() => setEnrolling(true)}>
            Turn on two-factor sign-in
          </Button>
        </Stack>
      )}
      {enrolling && <TwoFactorEnrolment onEnabled={() => void status.refetch()} onDone={() => setEnrolling(false)} />}
      {data?.enabled && !enrolling && (
        <Stack gap="2">
          <Text fontSize="sm">{`${data.recoveryCodesLeft} of 10 recovery codes left.`}</Text>
          {data.required ? (
            <Text fontSize="sm" color="fg.muted">
              Administrators must keep two-factor sign-in on.
            </Text>
          ) : (
            <DisableTwoFactorForm onDisabled={() => void status.refetch()} />
          )}
        </Stack>
      )}
    </Stack>
  );
}

function DisableTwoFactorForm({ onDisabled }: { onDisabled: () => void }) {
  const [values, setValues] = useState({ password: "", code: "" });
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [disable, { loading }] = useMutation(DisableTwoFactorDocument);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = { password: values.password ? undefined : requiredMessage("Password"), code: values.code.trim() ? undefined : requiredMessage("Code") };
    if (missing.password || missing.code) return setErrors(missing);
    const outcome = await withFeedback(() => disable({ variables: { input: { password: values.password, code: values.code.trim() } } }), {
      success: "Two-factor sign-in is off",
      failure: "Could not turn two-factor sign-in off",
    });
    if (outcome.ok) {
      setValues({ password: "", code: "" });
      return onDisabled();
    }
    const refusal = serverFieldError(outcome.error);
    if (refusal?.field === "password" || refusal?.field === "code") setErrors({ [refusal.field]: refusal.message });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Turn off two-factor sign-in">
      <Stack gap="2">
        <CurrentPasswordField value={values.password} error={errors.password} onChange={(password) => setValues({ ...values, password })} />
        <FormField label="Code from the app, or a recovery code" error={errors.code} required>
          <Input autoComplete="one-time-code" value={values.code} onChange={(e) => setValues({ ...values, code: e.target.value })} />
        </FormField>
        <Button type="submit" variant="outline" colorPalette="red" size="sm" alignSelf="flex-start" loading={loading}>
          Turn off
        </Button>
      </Stack>
    </form>
  );
}
