import { createContext, use, useCallback, useState, type ReactNode } from "react";
import { ContactDialog } from "./components/contact-dialog";
import type { ContactSubject } from "./contact-subjects";

type OpenContact = (subject?: ContactSubject) => void;

const ContactDialogContext = createContext<OpenContact | null>(null);

export function ContactDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState<ContactSubject>("general");

  const openContact = useCallback<OpenContact>((next = "general") => {
    setSubject(next);
    setOpen(true);
  }, []);

  return (
    <ContactDialogContext value={openContact}>
      {children}
      <ContactDialog open={open} subject={subject} onOpenChange={setOpen} />
    </ContactDialogContext>
  );
}

/** Opens the one contact dialog, optionally with its subject preset. */
export function useContactDialog() {
  const openContact = use(ContactDialogContext);
  if (!openContact) throw new Error("useContactDialog must be used inside ContactDialogProvider");
  return openContact;
}
