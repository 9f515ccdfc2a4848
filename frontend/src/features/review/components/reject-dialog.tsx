import type { Outcome } from "../../../lib/mutation-feedback";
import { serverFieldError } from "../../../lib/server-error-message";
import { Button, HStack, Stack, Textarea } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { FormField } from "../../../components/form/form-field";
import { requiredMessage } from "../../../components/form/validation";
import { useFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";

interface RejectDialogProps {
  /** What is being rejected, e.g. `site "Tech Daily"`; null keeps the dialog closed. */
  subject: string | null;
  onClose: () => void;
  /** Resolves true when the rejection went through, so the dialog may close. */
  onReject: (reason: string) => Promise<Outcome<unknown>>;
  /** The action, when it is not a rejection: "Suspend". */
  verb?: string;
  /** Who reads the reason, when not the owner of what is rejected. */
  description?: string;
}

/** Asks for the reason the owner will be shown before rejecting anything. */
export function RejectDialog({ subject, onClose, onReject, verb = "Reject", description = "The owner sees this reason." }: RejectDialogProps) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The server checks the length too, so the dialog need not wait for the bound to arrive.
  const maxReason = useFormOptions().options?.maxLength.reason;

  const close = () => {
    setReason("");
    setError(undefined);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setError(requiredMessage("Reason"));
    if (maxReason !== undefined && text.length > maxReason) return setError(`Reason can be at most ${maxReason} characters long`);
    setBusy(true);
    const outcome = await onReject(text);
    setBusy(false);
    if (outcome.ok) return close();
    const refusal = serverFieldError(outcome.error);
    if (refusal?.field === "reason") setError(refusal.message);
  };

  return (
    <AppDialog
      open={subject !== null}
      onOpenChange={(open) => !open && close()}
      title={`${verb} ${subject ?? ""}`}
      description={description}
      size="sm"
    >
      <form onSubmit={submit} noValidate aria-label={verb}>
        <Stack gap="4">
          <FormField label="Reason" error={error} required>
            <Textarea
              rows={4}
              maxLength={maxReason}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
            />
          </FormField>
          <HStack justify="flex-end">
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" colorPalette="red" loading={busy} loadingText={verb === "Reject" ? "Rejecting" : `${verb}ing`}>
              {verb}
            </Button>
          </HStack>
        </Stack>
      </form>
    </AppDialog>
  );
}
