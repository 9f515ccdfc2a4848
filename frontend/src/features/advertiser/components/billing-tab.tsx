import { Badge, Button, Card, DataList, HStack, Input, SimpleGrid, Stack, Text, Textarea } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { useMemo, useState } from "react";
import { dollarsError } from "../../../components/form/money";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { formatMoney } from "../../../components/format";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { AppDialog } from "../../../components/ui/app-dialog";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { withFeedback } from "../../../lib/mutation-feedback";
import {
  MyFundsDocument,
  RequestDepositDocument,
  SetBillingAddressDocument,
  type DepositRequestFieldsFragment,
  type FormBoundsFragment,
  type MyFundsQuery,
} from "../../../gql/graphql";
import { FundsNotices } from "../../funds/components/funds-notices";
import { DepositRequestsCard } from "./deposit-requests-card";
import { FundsItem } from "./funds-item";
import { TransferDetails } from "./transfer-details";

type Funds = MyFundsQuery["myFunds"];

/** The advertiser's account: what campaigns may spend, how long it lasts, and how to pay in. */
export function BillingTab() {
  const query = useQuery(MyFundsDocument, { fetchPolicy: "cache-and-network" });
  const [adding, setAdding] = useState(false);
  const funds = query.data?.myFunds;
  return (
    <QueryPanel {...loadStateOf(query)} failureMessage="Failed to load your balance">
      {funds && (
        <Stack gap="4">
          <FundsNotices funds={funds} />
          <Card.Root>
            <Card.Header>
              <HStack justify="space-between" wrap="wrap" gap="3">
                <Card.Title>Account balance</Card.Title>
                <Button colorPalette="brand" onClick={() => setAdding(true)} disabled={!funds.bank}>
                  Add funds
                </Button>
              </HStack>
            </Card.Header>
            <Card.Body>
              <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
                <Figure label="Available to spend" value={formatMoney(funds.available)} />
                <Figure label="Spend, last 30 days" value={formatMoney(funds.spendLast30Days)} />
                <Figure label="Days left at the current rate" value={funds.daysLeft === null ? "—" : String(funds.daysLeft)} note={funds.daysLeftNote} />
              </SimpleGrid>
              <DataList.Root size="sm" mt="4" gap="0" maxW="md">
                <FundsItem label="Deposits" value={formatMoney(funds.deposits)} />
                <FundsItem label="Promotional credit" value={formatMoney(funds.credits)} />
                <FundsItem label="Spent" value={formatMoney(funds.spent)} />
                <FundsItem label="Balance" value={formatMoney(funds.balance)} />
                {funds.creditLimit > 0 && <FundsItem label="Credit limit" value={formatMoney(funds.creditLimit)} />}
              </DataList.Root>
            </Card.Body>
          </Card.Root>
          <WithFormOptions>{(options) => <BillingAddressForm address={funds.billingAddress ?? null} options={options} />}</WithFormOptions>
          <PaymentMethods funds={funds} />
          <DepositRequestsCard requests={funds.requests} bank={funds.bank} />
          <AddFundsDialog open={adding} onOpenChange={setAdding} funds={funds} />
        </Stack>
      )}
    </QueryPanel>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string | null }) {
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" aria-label={label}>
        {value}
      </Text>
      {note && (
        <Text fontSize="sm" color="fg.muted">
          {note}
        </Text>
      )}
    </Stack>
  );
}

/** The address invoices are made out to: a tax invoice names the buyer's. Applies from the next invoice issued. */
function BillingAddressForm({ address, options }: { address: string | null; options: FormBoundsFragment }) {
  const max = options.maxLength.billingAddress;
  const validate = (values: { billingAddress: string }) => ({
    billingAddress: values.billingAddress.trim().length > max ? `Billing address can be at most ${max} characters long` : undefined,
  });
  const { values, errors, change, handleSubmit, showServerError } = useForm({ billingAddress: address ?? "" }, validate);
  const [save, { loading }] = useMutation(SetBillingAddressDocument, { refetchQueries: [MyFundsDocument] });
  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(() => save({ variables: { address: values.billingAddress } }), {
      success: "Billing address saved: your next invoice is made out to it",
      failure: "Failed to save the billing address",
    });
    if (!outcome.ok) showServerError(outcome.error);
  });
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Billing address</Card.Title>
        <Card.Description>Printed on your invoices under your name, from the next one issued.</Card.Description>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label="Billing address">
          <Stack gap="3" maxW="md">
            <FormField label="Billing address" error={errors.billingAddress}>
              <Textarea rows={3} maxLength={max} value={values.billingAddress} onChange={(e) => change("billingAddress", e.target.value)} />
            </FormField>
            <Button type="submit" alignSelf="flex-start" loading={loading} loadingText="Saving">
              Save address
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function PaymentMethods({ funds }: { funds: Funds }) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Payment methods</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="2" as="ul" listStyleType="none">
          {funds.paymentMethods.map((method) => (
            <HStack as="li" key={method.method} gap="3" align="flex-start">
              <Badge colorPalette={method.available ? "green" : "gray"} minW="24" justifyContent="center">
                {method.available ? "Open" : "Not available"}
              </Badge>
              <Text>
                <strong>{method.label}</strong>: {method.note}
              </Text>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

interface AddFundsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  funds: Funds;
}

/** Asks for the amount, then shows where to send it and the reference to write on the transfer. */
function AddFundsDialog({ open, onOpenChange, funds }: AddFundsDialogProps) {
  const [requested, setRequested] = useState<DepositRequestFieldsFragment | null>(null);
  // One key per opening: a double click on Request, or a retry, announces one transfer.
  const idempotencyKey = useMemo(newIdempotencyKey, [open]);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setRequested(null);
  };
  return (
    <AppDialog
      open={open}
      onOpenChange={close}
      title={requested ? "Transfer details" : "Add funds"}
      description={requested ? "Your request is pending until the transfer arrives." : "Pay by bank transfer: state the amount, then send it with your payment reference."}
    >
      {requested ? (
        <TransferDetails request={requested} bank={funds.bank!} onDone={() => close(false)} />
      ) : (
        <WithFormOptions>{(options) => <AmountForm options={options} idempotencyKey={idempotencyKey} onRequested={setRequested} />}</WithFormOptions>
      )}
    </AppDialog>
  );
}

function AmountForm({
  options,
  idempotencyKey,
  onRequested,
}: {
  options: FormBoundsFragment;
  idempotencyKey: string;
  onRequested: (request: DepositRequestFieldsFragment) => void;
}) {
  const validate = (values: { amount: string }) => ({ amount: dollarsError("Amount", values.amount, { min: options.minDeposit, max: options.maxAmount }) });
  const { values, errors, change, handleSubmit, showServerError } = useForm({ amount: "" }, validate);
  const [requestDeposit, { loading }] = useMutation(RequestDepositDocument, { refetchQueries: [MyFundsDocument], awaitRefetchQueries: true });
  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(() => requestDeposit({ variables: { amount: Number.parseFloat(values.amount), idempotencyKey } }), {
      success: "Deposit requested: send the transfer with your reference",
      failure: "Failed to request the deposit",
    });
    if (!outcome.ok) return showServerError(outcome.error);
    if (outcome.result.data) onRequested(outcome.result.data.requestDeposit);
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Add funds">
      <Stack gap="4">
        <FormField label="Amount ($)" error={errors.amount} required helperText={`At least ${formatMoney(options.minDeposit, { cents: false })}`}>
          <Input
            type="number"
            inputMode="decimal"
            step="0.01"
            min={options.minDeposit}
            max={options.maxAmount}
            value={values.amount}
            onChange={(e) => change("amount", e.target.value)}
          />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Requesting">
          Get payment details
        </Button>
      </Stack>
    </form>
  );
}
