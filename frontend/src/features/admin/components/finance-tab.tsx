import { Button, Card, Input, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { DataTable } from "../../../components/data-table";
import { FormField } from "../../../components/form/form-field";
import { dollarsError } from "../../../components/form/money";
import { useForm } from "../../../components/form/use-form";
import { requiredMessage } from "../../../components/form/validation";
import { formatDate, formatMoney } from "../../../components/format";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { withFeedback } from "../../../lib/mutation-feedback";
import {
  AdminDepositsDocument,
  FinanceSummaryDocument,
  GrantCreditDocument,
  RecordDepositDocument,
  SetCreditLimitDocument,
} from "../../../gql/graphql";

const MONTH_NAME = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const monthLabel = (month: string) => MONTH_NAME.format(new Date(`${month}-01T00:00:00Z`));

/** The network's money by month, pending transfers, and the admins' moves on advertisers' funds. */
export function FinanceTab() {
  return (
    <Stack gap="4">
      <FinanceByMonth />
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        <RecordTransferForm />
        <AdvertiserMoneyForm kind="credit" />
        <AdvertiserMoneyForm kind="limit" />
      </SimpleGrid>
      <PendingDeposits />
    </Stack>
  );
}

function FinanceByMonth() {
  const query = useQuery(FinanceSummaryDocument, { variables: { months: 12 }, fetchPolicy: "cache-and-network" });
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Books by month</Card.Title>
        <Card.Description>
          Payouts count when paid. Owed to publishers, awaiting payout and held for advertisers are balances at each month's end.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <QueryPanel {...loadStateOf(query)} failureMessage="Failed to load the books">
          {query.data && (
            <DataTable
              label="Books by month"
              columns={["Month", "Deposits", "Credit granted", "Spend", "Publisher earnings", "Margin", "Payouts paid", "Owed to publishers", "Awaiting payout", "Held for advertisers"]}
            >
              {query.data.financeSummary.map((m) => (
                <Table.Row key={m.month}>
                  <Table.Cell>{monthLabel(m.month)}</Table.Cell>
                  <Table.Cell>{formatMoney(m.deposits)}</Table.Cell>
                  <Table.Cell>{formatMoney(m.credits)}</Table.Cell>
                  <Table.Cell>{formatMoney(m.spend)}</Table.Cell>
                  <Table.Cell>{formatMoney(m.publisherEarnings)}</Table.Cell>
                  <Table.Cell>{formatMoney(m.margin)}</Table.Cell>
                  <Table.Cell>{formatMoney(m.payouts)}</Table.Cell>
                  <Table.Cell>{formatMoney(m.owedToPublishers)}</Table.Cell>
                  <Table.Cell>{formatMoney(m.awaitingPayout)}</Table.Cell>
                  <Table.Cell>{formatMoney(m.heldForAdvertisers)}</Table.Cell>
                </Table.Row>
              ))}
            </DataTable>
          )}
        </QueryPanel>
      </Card.Body>
    </Card.Root>
  );
}

const REFRESHED = [FinanceSummaryDocument, AdminDepositsDocument];

function RecordTransferForm() {
  const validate = (values: { reference: string; amount: string; memo: string }) => ({
    reference: values.reference.trim() ? undefined : requiredMessage("Reference"),
    amount: dollarsError("Amount", values.amount),
  });
  const fresh = () => ({ reference: "", amount: "", memo: "" });
  const { values, errors, change, setValues, handleSubmit, showServerError } = useForm(fresh, validate);
  const [record, { loading }] = useMutation(RecordDepositDocument, { refetchQueries: REFRESHED, awaitRefetchQueries: true });
  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(
      () => record({ variables: { input: { reference: values.reference, amount: Number.parseFloat(values.amount), memo: values.memo.trim() || null } } }),
      { success: (result) => `Transfer ${result.data?.recordDeposit.reference ?? ""} recorded`, failure: "Failed to record the transfer" },
    );
    if (!outcome.ok) return showServerError(outcome.error);
    setValues(fresh());
  });
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Record a transfer</Card.Title>
        <Card.Description>Money received with a payment reference; the amount that arrived counts.</Card.Description>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label="Record a transfer">
          <Stack gap="3">
            <FormField label="Payment reference" error={errors.reference} required>
              <Input placeholder="ADN-7KQ4-M2XP" value={values.reference} onChange={(e) => change("reference", e.target.value)} />
            </FormField>
            <FormField label="Amount received ($)" error={errors.amount} required>
              <Input type="number" inputMode="decimal" step="0.01" value={values.amount} onChange={(e) => change("amount", e.target.value)} />
            </FormField>
            <FormField label="Note" error={errors.memo}>
              <Input value={values.memo} onChange={(e) => change("memo", e.target.value)} />
            </FormField>
            <Button type="submit" colorPalette="brand" loading={loading} loadingText="Recording">
              Record transfer
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

const MONEY_FORMS = {
  credit: {
    title: "Grant credit",
    description: "Promotional credit the advertiser's campaigns spend like a deposit.",
    amountLabel: "Credit ($)",
    button: "Grant credit",
    success: "Credit granted",
    failure: "Failed to grant credit",
  },
  limit: {
    title: "Set credit limit",
    description: "How far below zero the advertiser may spend (postpaid, invoiced); 0 takes it away.",
    amountLabel: "Credit limit ($)",
    button: "Set credit limit",
    success: "Credit limit set",
    failure: "Failed to set the credit limit",
  },
} as const;

function AdvertiserMoneyForm({ kind }: { kind: keyof typeof MONEY_FORMS }) {
  const words = MONEY_FORMS[kind];
  const validate = (values: { advertiserEmail: string; amount: string; memo: string }) => ({
    advertiserEmail: values.advertiserEmail.trim() ? undefined : requiredMessage("Advertiser e-mail"),
    amount: kind === "limit" && values.amount.trim() !== "" && Number(values.amount) === 0 ? undefined : dollarsError("Amount", values.amount),
    memo: values.memo.trim() ? undefined : requiredMessage("Reason"),
  });
  const fresh = () => ({ advertiserEmail: "", amount: "", memo: "" });
  const { values, errors, change, setValues, handleSubmit, showServerError } = useForm(fresh, validate);
  const [grant, granting] = useMutation(GrantCreditDocument, { refetchQueries: [FinanceSummaryDocument], awaitRefetchQueries: true });
  const [setLimit, limiting] = useMutation(SetCreditLimitDocument);
  const submit = handleSubmit(async () => {
    const input = { advertiserEmail: values.advertiserEmail.trim(), amount: Number.parseFloat(values.amount), memo: values.memo.trim() };
    const send = async () => {
      if (kind === "credit") await grant({ variables: { input } });
      else await setLimit({ variables: { input } });
    };
    const outcome = await withFeedback(send, {
      success: words.success,
      failure: words.failure,
    });
    if (!outcome.ok) return showServerError(outcome.error);
    setValues(fresh());
  });
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{words.title}</Card.Title>
        <Card.Description>{words.description}</Card.Description>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label={words.title}>
          <Stack gap="3">
            <FormField label="Advertiser e-mail" error={errors.advertiserEmail} required>
              <Input type="email" value={values.advertiserEmail} onChange={(e) => change("advertiserEmail", e.target.value)} />
            </FormField>
            <FormField label={words.amountLabel} error={errors.amount} required>
              <Input type="number" inputMode="decimal" step="0.01" min={0} value={values.amount} onChange={(e) => change("amount", e.target.value)} />
            </FormField>
            <FormField label="Reason" error={errors.memo} required>
              <Input value={values.memo} onChange={(e) => change("memo", e.target.value)} />
            </FormField>
            <Button type="submit" colorPalette="brand" loading={granting.loading || limiting.loading}>
              {words.button}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function PendingDeposits() {
  const query = useQuery(AdminDepositsDocument, { variables: { input: { status: "PENDING", limit: 50 } }, fetchPolicy: "cache-and-network" });
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Transfers awaited</Card.Title>
        <Card.Description>Deposit requests whose money has not been recorded yet, newest first.</Card.Description>
      </Card.Header>
      <Card.Body>
        <QueryPanel {...loadStateOf(query)} failureMessage="Failed to load deposit requests">
          {query.data &&
            (query.data.depositRequests.items.length === 0 ? (
              <Text color="fg.muted">No transfers awaited.</Text>
            ) : (
              <DataTable label="Transfers awaited" columns={["Reference", "Advertiser", "Amount announced", "Requested"]}>
                {query.data.depositRequests.items.map((r) => (
                  <Table.Row key={r.id}>
                    <Table.Cell fontFamily="mono">{r.reference}</Table.Cell>
                    <Table.Cell>{r.advertiserEmail}</Table.Cell>
                    <Table.Cell>{formatMoney(r.amount)}</Table.Cell>
                    <Table.Cell>{formatDate(r.createdAt)}</Table.Cell>
                  </Table.Row>
                ))}
              </DataTable>
            ))}
        </QueryPanel>
      </Card.Body>
    </Card.Root>
  );
}
