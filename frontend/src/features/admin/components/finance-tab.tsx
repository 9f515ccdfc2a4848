import { Button, Card, Input, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { useState } from "react";
import { DataTable } from "../../../components/data-table";
import { FormField } from "../../../components/form/form-field";
import { dollarsError } from "../../../components/form/money";
import { useForm } from "../../../components/form/use-form";
import { requiredMessage } from "../../../components/form/validation";
import { formatMoney } from "../../../components/format";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { withFeedback } from "../../../lib/mutation-feedback";
import { FinanceSummaryDocument, type FinanceSummaryQuery, GrantCreditDocument, SetCreditLimitDocument } from "../../../gql/graphql";
import { AwaitedTransfers, DepositList } from "./deposit-lists";
import { METRIC_TERMS, termed, type MetricTerm } from "../../../components/metric-terms";
import { RecordTransferForm } from "./record-transfer-form";

const MONTH_NAME = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const monthLabel = (month: string) => MONTH_NAME.format(new Date(`${month}-01T00:00:00Z`));

/** The network's money by month, the admins' moves on advertisers' funds, and the transfers awaited and recorded. */
export function FinanceTab() {
  return (
    <Stack gap="4">
      <FinanceByMonth />
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        <Card.Root>
          <Card.Header>
            <Card.Title>Record a transfer</Card.Title>
            <Card.Description>Money received with a payment reference; the amount that arrived counts.</Card.Description>
          </Card.Header>
          <Card.Body>
            <RecordTransferForm />
          </Card.Body>
        </Card.Root>
        <AdvertiserMoneyForm kind="credit" />
        <AdvertiserMoneyForm kind="limit" />
      </SimpleGrid>
      <AwaitedTransfers />
      <DepositList />
    </Stack>
  );
}

type FinanceMonth = FinanceSummaryQuery["financeSummary"][number];

/** The month's amounts: every field but its name. */
type AmountOf = { [Key in keyof FinanceMonth]-?: FinanceMonth[Key] extends number ? Key : never }[keyof FinanceMonth];
const figure = (label: string, key: AmountOf) => ({ label, key });
const termFigure = (term: MetricTerm, key: AmountOf) => ({ ...termed(term), key });

const FIGURES: readonly { label: string; hint?: string; key: AmountOf }[] = [
  figure("Deposits", "deposits"),
  figure("Credit granted", "credits"),
  termFigure(METRIC_TERMS.advertiserSpend, "spend"),
  termFigure(METRIC_TERMS.publisherEarnings, "publisherEarnings"),
  termFigure(METRIC_TERMS.networkRevenue, "margin"),
  figure("Payouts paid", "payouts"),
  figure("Owed to publishers", "owedToPublishers"),
  figure("Awaiting payout", "awaitingPayout"),
  figure("Held for advertisers", "heldForAdvertisers"),
];

/** A month where nothing moved and nothing was owed or held, such as one before the network's first deposit: a row of $0.00 says nothing. */
const isEmptyMonth = (month: FinanceMonth) => FIGURES.every(({ key }) => month[key] === 0);

function FinanceByMonth() {
  const query = useQuery(FinanceSummaryDocument, { variables: { months: 12 }, fetchPolicy: "cache-and-network" });
  const months = query.data?.financeSummary.filter((month) => !isEmptyMonth(month));
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Books by month</Card.Title>
        <Card.Description>
          Payouts count when paid. Owed to publishers, awaiting payout and held for advertisers are balances at each month's end. Months with no
          money in the books are left out.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <QueryPanel {...loadStateOf(query)} failureMessage="Failed to load the books">
          {months &&
            (months.length === 0 ? (
              <Text color="fg.muted">No money has moved in the last 12 months.</Text>
            ) : (
              <DataTable label="Books by month" columns={["Month", ...FIGURES.map(({ label, hint }) => ({ label, hint, numeric: true }))]}>
                {months.map((m) => (
                  <Table.Row key={m.month}>
                    <Table.Cell>{monthLabel(m.month)}</Table.Cell>
                    {FIGURES.map(({ label, key }) => (
                      <Table.Cell key={label} textAlign="end">
                        {formatMoney(m[key])}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </DataTable>
            ))}
        </QueryPanel>
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
  // One key per grant filled in: a double click or a retry grants once; the next grant gets a new one.
  const [grantKey, setGrantKey] = useState(newIdempotencyKey);
  const submit = handleSubmit(async () => {
    const input = { advertiserEmail: values.advertiserEmail.trim(), amount: Number.parseFloat(values.amount), memo: values.memo.trim() };
    const send = async () => {
      if (kind === "credit") await grant({ variables: { input, idempotencyKey: grantKey } });
      else await setLimit({ variables: { input } });
    };
    const outcome = await withFeedback(send, {
      success: words.success,
      failure: words.failure,
    });
    if (!outcome.ok) return showServerError(outcome.error);
    setValues(fresh());
    setGrantKey(newIdempotencyKey());
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
