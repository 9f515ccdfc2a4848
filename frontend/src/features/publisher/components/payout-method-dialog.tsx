import { Button, HStack, Input, Stack, Textarea } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState, type FormEvent } from "react";
import { FormField } from "../../../components/form/form-field";
import { SelectInput } from "../../../components/form/select-input";
import { requiredMessage } from "../../../components/form/validation";
import { AppDialog } from "../../../components/ui/app-dialog";
import { withFeedback } from "../../../lib/mutation-feedback";
import { serverFieldError } from "../../../lib/server-error-message";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { PublisherLiveListsDocument, SetPayoutMethodDocument, type FormBoundsFragment, type PayoutMethodType } from "../../../gql/graphql";

type FieldName = "accountHolder" | "iban" | "bic" | "paypalEmail" | "accountNumber" | "routingNumber" | "bankName" | "bankAddress";

/** Each method's fields, in the order its form asks for them, and whether each is required; the methods offered are the server's. */
const FIELDS: Record<PayoutMethodType, { name: FieldName; label: string; required: boolean; multiline?: boolean; placeholder?: string }[]> = {
  BANK_TRANSFER: [
    { name: "accountHolder", label: "Account holder", required: true },
    { name: "iban", label: "IBAN", required: true, placeholder: "DE89 3704 0044 0532 0130 00" },
    { name: "bic", label: "BIC", required: true, placeholder: "COBADEFFXXX" },
  ],
  PAYPAL: [{ name: "paypalEmail", label: "PayPal e-mail", required: true, placeholder: "name@example.com" }],
  WIRE: [
    { name: "accountHolder", label: "Account holder", required: true },
    { name: "accountNumber", label: "Account number", required: true },
    { name: "routingNumber", label: "Routing number", required: false },
    { name: "bic", label: "SWIFT / BIC", required: true },
    { name: "bankName", label: "Bank name", required: true },
    { name: "bankAddress", label: "Bank address", required: true, multiline: true },
  ],
};

interface PayoutMethodDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Where the publisher is paid: the server checks the IBAN's check digits, the BIC and the e-mail, and says which field is wrong. */
export function PayoutMethodDialog({ open, onClose }: PayoutMethodDialogProps) {
  return (
    <AppDialog open={open} onOpenChange={(next) => !next && onClose()} title="Payout method" description="Where your payouts are sent. Only you and the network's admins see it.">
      <WithFormOptions>{(options) => <PayoutMethodForm options={options} onClose={onClose} />}</WithFormOptions>
    </AppDialog>
  );
}

function PayoutMethodForm({ options, onClose }: { options: FormBoundsFragment; onClose: () => void }) {
  const methods = options.payoutMethods.filter((m): m is { __typename?: "FormOption"; value: PayoutMethodType; label: string } => m.value in FIELDS);
  const [type, setType] = useState<PayoutMethodType>(methods[0]?.value ?? "BANK_TRANSFER");
  const [values, setValues] = useState<Partial<Record<FieldName, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<FieldName | "type", string>>>({});
  const [save, { loading }] = useMutation(SetPayoutMethodDocument, {
    // A payout method has no id of its own: the answer replaces the one on file as a whole.
    update: (cache, { data }) => cache.modify({ fields: { myPayoutMethod: (existing) => data?.setPayoutMethod ?? existing } }),
    // Whether a payout may be requested depends on the method on file: the balance's small query says.
    refetchQueries: [PublisherLiveListsDocument],
  });

  const close = () => {
    setValues({});
    setErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = FIELDS[type];
    const missing = Object.fromEntries(fields.filter((f) => f.required && !values[f.name]?.trim()).map((f) => [f.name, requiredMessage(f.label)]));
    if (Object.keys(missing).length > 0) return setErrors(missing);
    const input = Object.fromEntries([["type", type], ...fields.map((f) => [f.name, values[f.name]?.trim() || null])]);
    const outcome = await withFeedback(() => save({ variables: { input: input as never } }), {
      success: ({ data }) => `Payouts go to ${data?.setPayoutMethod.label ?? "your new method"} ${data?.setPayoutMethod.masked ?? ""}`.trim(),
      failure: "Failed to save the payout method",
    });
    if (outcome.ok) return close();
    const refusal = serverFieldError(outcome.error);
    if (refusal) setErrors({ [refusal.field]: refusal.message });
  };

  const maxLength = (name: FieldName) =>
    name === "accountHolder" || name === "bankName" ? options.maxLength.name : name === "paypalEmail" ? options.maxLength.email : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label="Payout method">
      <Stack gap="4">
        <FormField label="Method" error={errors.type} required>
          <SelectInput
            value={type}
            options={methods}
            onChange={(value) => {
              setType(value as PayoutMethodType);
              setErrors({});
            }}
          />
        </FormField>
        {FIELDS[type].map((field) => (
          <FormField key={field.name} label={field.label} error={errors[field.name]} required={field.required}>
            {field.multiline ? (
              <Textarea rows={3} value={values[field.name] ?? ""} onChange={(e) => change(field.name, e.target.value)} />
            ) : (
              <Input placeholder={field.placeholder} maxLength={maxLength(field.name)} value={values[field.name] ?? ""} onChange={(e) => change(field.name, e.target.value)} />
            )}
          </FormField>
        ))}
        <HStack justify="flex-end">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={loading} loadingText="Saving">
            Save Method
          </Button>
        </HStack>
      </Stack>
    </form>
  );

  function change(name: FieldName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  }
}
