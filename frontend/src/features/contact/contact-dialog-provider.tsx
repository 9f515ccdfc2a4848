import { createContext, lazy, Suspense, use, useCallback, useState, type ReactNode } from "react";
import { needingApollo } from "../../lib/lazy-apollo";
import type { ContactSubject } from "./contact-subjects";

// Loaded on first use, like the auth dialog: the pages that offer it do not need its form up front.
const ContactDialog = lazy(
  needingApollo(() => import("./components/contact-dialog").then((m) => ({ default: m.ContactDialog }))),
);

type OpenContact = (subject?: ContactSubject) => void;

const ContactDialogContext = createContext<OpenContact | null>(null);

export function ContactDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [subject, setSubject] = useState<ContactSubject>("general");

  const openContact = useCallback<OpenContact>((next = "general") => {
    setSubject(next);
    setOpen(true);
    setOpened(true);
  }, []);

  return (
    <ContactDialogContext value={openContact}>
      {children}
      {opened && (
        <Suspense>
          <ContactDialog open={open} subject={subject} onOpenChange={setOpen} />
        </Suspense>
      )}
    </ContactDialogContext>
  );
}

/** Opens the one contact dialog, optionally with its subject preset. */
export function useContactDialog() {
  const openContact = use(ContactDialogContext);
  if (!openContact) throw new Error("useContactDialog must be used inside ContactDialogProvider");
  return openContact;
}
