import { AppDialog } from "../../../components/ui/app-dialog";
import type { ContactSubject } from "../contact-subjects";
import { ContactForm } from "./contact-form";

interface ContactDialogProps {
  open: boolean;
  subject: ContactSubject;
  onOpenChange: (open: boolean) => void;
}

export function ContactDialog({ open, subject, onOpenChange }: ContactDialogProps) {
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Contact Us"
      description="Send us a message and our team will reply within 24 hours."
    >
      {/* Keyed by subject so each opening starts from the subject its button asked for. */}
      <ContactForm key={subject} initialSubject={subject} onSent={() => onOpenChange(false)} />
    </AppDialog>
  );
}
