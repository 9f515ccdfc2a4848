import { Button, DataList, Stack, Text } from "@chakra-ui/react";
import { CopySnippet } from "../../../components/copy-snippet";
import { formatMoney } from "../../../components/format";
import type { DepositRequestFieldsFragment, MyFundsQuery } from "../../../gql/graphql";
import { FundsItem } from "./funds-item";

type Bank = NonNullable<MyFundsQuery["myFunds"]["bank"]>;

/** Where to send a requested deposit and what to write on it, each of the two to copy. */
export function TransferDetails({ request, bank, onDone }: { request: DepositRequestFieldsFragment; bank: Bank; onDone: () => void }) {
  return (
    <Stack gap="4">
      <DataList.Root gap="0">
        <FundsItem label="Amount" value={formatMoney(request.amount)} />
        <FundsItem label="Account name" value={bank.accountName} />
        {bank.bankName && <FundsItem label="Bank" value={bank.bankName} />}
        {bank.bic && <FundsItem label="BIC" value={bank.bic} />}
      </DataList.Root>
      <CopySnippet label="Payment reference" snippet={request.reference} copyLabel="Copy payment reference" />
      <CopySnippet label="IBAN" snippet={bank.iban} copyLabel="Copy IBAN" />
      <Text color="fg.muted" fontSize="sm">
        Write the payment reference on the transfer exactly as shown. Your balance moves once the network records the money received; the
        amount received counts.
      </Text>
      <Button onClick={onDone} alignSelf="flex-end">
        Done
      </Button>
    </Stack>
  );
}
