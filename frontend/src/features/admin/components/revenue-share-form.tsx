import { Button, Field, HStack, Input } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useForm } from "../../../components/form/use-form";
import { withFeedback } from "../../../lib/mutation-feedback";
import { AdminPublishersDocument, SetRevenueShareDocument, type AdminPublisherFragment } from "../../../gql/graphql";
import { MAX_REVENUE_SHARE, MIN_REVENUE_SHARE, revenueShareError } from "../revenue-share";

interface ShareValues {
  percent: string;
}

const validate = (values: ShareValues) => ({ percent: revenueShareError(values.percent) });

export function RevenueShareForm({ publisher }: { publisher: AdminPublisherFragment }) {
  const { values, errors, change, handleSubmit } = useForm<ShareValues>(
    { percent: String(publisher.revenueSharePercent) },
    validate,
  );
  const [setRevenueShare, { loading }] = useMutation(SetRevenueShareDocument, {
    refetchQueries: [AdminPublishersDocument],
    awaitRefetchQueries: true,
  });

  const submit = handleSubmit(async () => {
    await withFeedback(
      () => setRevenueShare({ variables: { publisherId: publisher.id, percent: Number(values.percent) } }),
      { success: "Revenue share updated", failure: "Failed to update revenue share" },
    );
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
            min={MIN_REVENUE_SHARE}
            max={MAX_REVENUE_SHARE}
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
