import { Button, Stack } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { useForm } from "../../../components/form/use-form";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";
import {
  UpdateCreativeDocument,
  type AdvertiserCreativeFragment,
  type FormBoundsFragment,
} from "../../../gql/graphql";
import { creativeContentOf, toCreativeContentInput, validateCreativeContent } from "../creative-content";
import { CreativeContentFields } from "./creative-content-fields";

interface EditCreativeDialogProps {
  creative: AdvertiserCreativeFragment;
  onClose: () => void;
}

/** Changes a creative's content; the server sends a change to what it shows back to review, and the dialog says so up front. */
export function EditCreativeDialog({ creative, onClose }: EditCreativeDialogProps) {
  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit Creative"
      description="Changes to what it shows go back to review before the creative is shown again."
    >
      <WithFormOptions>{(options) => <EditCreativeForm options={options} creative={creative} onSaved={onClose} />}</WithFormOptions>
    </AppDialog>
  );
}

interface EditCreativeFormProps {
  options: FormBoundsFragment;
  creative: AdvertiserCreativeFragment;
  onSaved: () => void;
}

function EditCreativeForm({ options, creative, onSaved }: EditCreativeFormProps) {
  const { values, errors, change, handleSubmit, showServerError } = useForm(
    () => creativeContentOf(creative),
    (values) => validateCreativeContent(values, options),
  );
  const [updateCreative, { loading }] = useMutation(UpdateCreativeDocument);

  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(() => updateCreative({ variables: { id: creative.id, input: toCreativeContentInput(values, options) } }), {
      // The server decides what needs a new review (not a new name, nor a video's skipping): the toast says what it answered.
      success: ({ data }) => (data?.updateCreative.status === "PENDING" ? "Creative updated and sent for review" : "Creative updated"),
      failure: "Failed to update creative",
    });
    if (!outcome.ok) return showServerError(outcome.error);
    onSaved();
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Edit creative">
      <Stack gap="4">
        <CreativeContentFields options={options} values={values} errors={errors} change={change} />
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Saving">
          Save Changes
        </Button>
      </Stack>
    </form>
  );
}
