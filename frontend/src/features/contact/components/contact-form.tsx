import { Button, Input, NativeSelect, Stack, Textarea } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { FormField } from "../../../components/form/form-field";
import { useForm } from "../../../components/form/use-form";
import { emailError, requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { SendContactMessageDocument, type FormBoundsFragment } from "../../../gql/graphql";
import type { ContactSubject } from "../contact-subjects";

interface ContactValues {
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
}

const validate = (values: ContactValues): FieldErrors<ContactValues> => ({
  name: values.name.trim() ? undefined : requiredMessage("Name"),
  email: emailError(values.email),
  message: values.message.trim() ? undefined : requiredMessage("Message"),
});

interface ContactFormProps {
  initialSubject: ContactSubject;
  onSent: () => void;
}

export function ContactForm(props: ContactFormProps) {
  return <WithFormOptions>{(options) => <ContactFields options={options} {...props} />}</WithFormOptions>;
}

function ContactFields({ options, initialSubject, onSent }: ContactFormProps & { options: FormBoundsFragment }) {
  const blank: ContactValues = { name: "", email: "", subject: initialSubject, message: "" };
  const { values, errors, change, setValues, handleSubmit, showServerError } = useForm(blank, validate);
  const [send, { loading }] = useMutation(SendContactMessageDocument);

  const submit = handleSubmit(async () => {
    const outcome = await withFeedback(
      async () => {
        await send({
          variables: {
            input: {
              name: values.name.trim(),
              email: values.email.trim(),
              subject: values.subject,
              message: values.message.trim(),
            },
          },
        });
      },
      { success: "Message sent successfully! We'll get back to you soon.", failure: "Failed to send message" },
    );
    if (!outcome.ok) return showServerError(outcome.error);
    setValues(blank);
    onSent();
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Contact us">
      <Stack gap="4">
        <FormField label="Name" error={errors.name} required>
          <Input autoComplete="name" maxLength={options.maxLength.name} value={values.name} onChange={(e) => change("name", e.target.value)} />
        </FormField>
        <FormField label="Email" error={errors.email} required>
          <Input type="email" autoComplete="email" maxLength={options.maxLength.email} value={values.email} onChange={(e) => change("email", e.target.value)} />
        </FormField>
        <FormField label="Subject">
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.subject}
              onChange={(e) => change("subject", e.target.value as ContactSubject)}
            >
              {options.contactSubjects.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Message" error={errors.message} required>
          <Textarea rows={5} maxLength={options.maxLength.message} value={values.message} onChange={(e) => change("message", e.target.value)} />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Sending">
          Send Message
        </Button>
      </Stack>
    </form>
  );
}
