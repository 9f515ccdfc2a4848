import { Button, Field, HStack, Input } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useForm } from "../../../components/form/use-form";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { withFeedback } from "../../../lib/mutation-feedback";
import {
  AdminPublishersDocument,
  SetRevenueShareDocument,
  type AdminPublisherFragment,
  type FormBoundsFragment,
} from "../../../gql/graphql";

interface ShareValues {
  percent: string;
}

function revenueShareError(value: string, { minRevenueSharePercent: min, maxRevenueSharePercent: max }: FormBoundsFragment) {
  const percent = Number(value);
  if (!value.trim()) return "Enter a percent";
  if (!Number.isInteger(percent) || percent < min || percent > max) return `Enter a whole percent from ${min} to ${max}`;
  return undefined;
}

export function RevenueShareForm({ publisher }: { publisher: AdminPublisherFragment }) {
  return <WithFormOptions>{(options) => <RevenueShareFields options={options} publisher={publisher} />}</WithFormOptions>;
}

function RevenueShareFields({ options, publisher }: { options: FormBoundsFragment; publisher: AdminPublisherFragment }) {
  const { values, errors, change, handleSubmit, showServerError } = useForm<ShareValues>(
    { percent: String(publisher.revenueSharePercent) },
    (current) => ({ percent: revenueShareError(current.percent, options) }),
  );
  const [setRevenueShare, { loading }] = useMutation(SetRevenueShareDocument, {
    refetchQueries: [AdminPublishersDocument],
    awaitRefetchQueries: true,
  });

  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(
      () => setRevenueShare({ variables: { publisherId: publisher.id, percent: Number(values.percent) } }),
      { success: "Revenue share updated", failure: "Failed to update revenue share" },
    );
    if (!outcome.ok) showServerError(outcome.error);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`Revenue share for ${publisher.fullName}`}>
      <Field.Root invalid={Boolean(errors.percent)}>
        <HStack gap="2">
          <Input
            type="number"
            inputMode="numeric"
            size="sm"
            width="20"
            min={options.minRevenueSharePercent}
            max={options.maxRevenueSharePercent}
            step="1"
            aria-label={`Revenue share % for ${publisher.fullName}`}
            value={values.percent}
            onChange={(e) => change("percent", e.target.value)}
          />
          <Button type="submit" size="sm" variant="outline" loading={loading}>
            Save
          </Button>
        </HStack>
        <Field.ErrorText>{errors.percent}</Field.ErrorText>
      </Field.Root>
    </form>
  );
}
