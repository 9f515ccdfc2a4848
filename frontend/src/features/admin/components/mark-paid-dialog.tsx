import { Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState, type FormEvent } from "react";
import { FormField } from "../../../components/form/form-field";
import { SelectInput } from "../../../components/form/select-input";
import { requiredMessage } from "../../../components/form/validation";
import { useFormOptions } from "../../../components/form/with-form-options";
import { formatMoney } from "../../../components/format";
import { AppDialog } from "../../../components/ui/app-dialog";
import type { Outcome } from "../../../lib/mutation-feedback";
import { serverFieldError } from "../../../lib/server-error-message";
import type { AdminPayoutFragment, PayoutMethodType } from "../../../gql/graphql";


interface MarkPaidDialogProps {
  /** The payout being paid; null keeps the dialog closed. */
  payout: AdminPayoutFragment | null;
  onClose: () => void;
  /** Resolves ok when the payout was marked paid, so the dialog may close. */
  onConfirm: (input: { method: PayoutMethodType; reference: string }) => Promise<Outcome<unknown>>;
}

/** Marks a payout paid with how it was sent (the method it was requested to unless changed) and the transfer's reference. */
export function MarkPaidDialog({ payout, onClose, onConfirm }: MarkPaidDialogProps) {
  const [method, setMethod] = useState<PayoutMethodType>("BANK_TRANSFER");
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<{ method?: string; reference?: string }>({});
  const [busy, setBusy] = useState(false);
  // The server's methods and bound; it checks both too, so the dialog need not wait for them.
  const { options } = useFormOptions();
  const methods = options?.payoutMethods ?? [];
  const maxReference = options?.maxLength.reference;

  useEffect(() => {
    setMethod(payout?.method?.type ?? "BANK_TRANSFER");
    setReference("");
    setErrors({});
  }, [payout]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reference.trim();
    if (!text) return setErrors({ reference: requiredMessage("Reference") });
    if (maxReference !== undefined && text.length > maxReference) return setErrors({ reference: `Reference can be at most ${maxReference} characters long` });
    setBusy(true);
    const outcome = await onConfirm({ method, reference: text });
    setBusy(false);
    if (outcome.ok) return onClose();
    const refusal = serverFieldError(outcome.error);
    if (refusal?.field === "reference" || refusal?.field === "method") setErrors({ [refusal.field]: refusal.message });
  };

  return (
    <AppDialog open={payout !== null} onOpenChange={(open) => !open && onClose()} title="Mark payout as paid" size="sm">
      {payout && (
        <form onSubmit={submit} noValidate aria-label="Mark payout as paid">
          <Stack gap="4">
            <Text>{`Mark the ${formatMoney(payout.amount)} payout to ${payout.owner?.fullName} as paid?`}</Text>
            {payout.method && (
              <Text fontSize="sm" color="fg.muted">
                Requested to {payout.method.label} {payout.method.masked}
              </Text>
            )}
            <FormField label="Paid by" error={errors.method} required>
              <SelectInput value={method} options={methods} onChange={(value) => setMethod(value as PayoutMethodType)} />
            </FormField>
            <FormField label="Reference" error={errors.reference} required helperText="The bank's or PayPal's reference for the transfer.">
              <Input
                maxLength={maxReference}
                value={reference}
                onChange={(e) => {
                  setReference(e.target.value);
                  setErrors({});
                }}
              />
            </FormField>
            <HStack justify="flex-end">
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" colorPalette="green" loading={busy}>
                Mark Paid
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </AppDialog>
  );
}
