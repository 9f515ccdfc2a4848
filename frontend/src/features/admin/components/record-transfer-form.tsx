import { Button, Input, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { FormField } from "../../../components/form/form-field";
import { dollarsError } from "../../../components/form/money";
import { useForm } from "../../../components/form/use-form";
import { requiredMessage } from "../../../components/form/validation";
import { withFeedback } from "../../../lib/mutation-feedback";
import type { ApolloCache } from "@apollo/client";
import { AdminDashboardDocument, AdminDepositsDocument, FinanceSummaryDocument, RecordDepositDocument } from "../../../gql/graphql";

export interface TransferValues {
  reference: string;
  amount: string;
  memo: string;
}

export const NO_TRANSFER: TransferValues = { reference: "", amount: "", memo: "" };

const validate = (values: TransferValues) => ({
  reference: values.reference.trim() ? undefined : requiredMessage("Reference"),
  amount: dollarsError("Amount", values.amount),
});

/** A recorded transfer waits no more: the Money badge counts one fewer, from the answer alone. */
const settleAwaitedTransfer = (cache: ApolloCache) =>
  cache.updateQuery({ query: AdminDashboardDocument }, (data) => data && { ...data, adminStats: { ...data.adminStats, awaitedTransfers: Math.max(0, data.adminStats.awaitedTransfers - 1) } });

/** Records money received with a payment reference, for the amount that arrived and with a note; `initial` pre-fills it from an awaited row. */
export function RecordTransferForm({ initial = NO_TRANSFER, onRecorded }: { initial?: TransferValues; onRecorded?: () => void }) {
  const { values, errors, change, setValues, handleSubmit, showServerError } = useForm(initial, validate);
  const [record, { loading }] = useMutation(RecordDepositDocument, {
    refetchQueries: [FinanceSummaryDocument, AdminDepositsDocument],
    awaitRefetchQueries: true,
    update: (cache, { data }) => data?.recordDeposit.status === "RECEIVED" && settleAwaitedTransfer(cache),
  });
  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(
      () => record({ variables: { input: { reference: values.reference, amount: Number.parseFloat(values.amount), memo: values.memo.trim() || null } } }),
      { success: (result) => `Transfer ${result.data?.recordDeposit.reference ?? ""} recorded`, failure: "Failed to record the transfer" },
    );
    if (!outcome.ok) return showServerError(outcome.error);
    setValues(NO_TRANSFER);
    onRecorded?.();
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Record a transfer">
      <Stack gap="3">
        <FormField label="Payment reference" error={errors.reference} required>
          <Input placeholder="ADN-7KQ4-M2XP" value={values.reference} onChange={(e) => change("reference", e.target.value)} />
        </FormField>
        <FormField label="Amount received ($)" error={errors.amount} required>
          <Input type="number" inputMode="decimal" step="0.01" value={values.amount} onChange={(e) => change("amount", e.target.value)} />
        </FormField>
        <FormField label="Note" error={errors.memo} helperText="Kept with the deposit and e-mailed to the advertiser, such as why less arrived.">
          <Input value={values.memo} onChange={(e) => change("memo", e.target.value)} />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Recording">
          Record transfer
        </Button>
      </Stack>
    </form>
  );
}
