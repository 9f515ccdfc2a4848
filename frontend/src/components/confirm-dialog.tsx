import { Button, HStack, Text } from "@chakra-ui/react";
import { useState } from "react";
import type { Outcome } from "../lib/mutation-feedback";
import { AppDialog } from "./ui/app-dialog";

interface ConfirmDialogProps {
  title: string;
  /** What is about to happen, as a question; null keeps the dialog closed. */
  question: string | null;
  /** The button that does it, named as the button that opened the dialog. */
  confirmLabel: string;
  /** For a removal: the button is red. */
  destructive?: boolean;
  onClose: () => void;
  /** Resolves ok when the action went through, so the dialog may close. */
  onConfirm: () => Promise<Outcome<unknown>>;
}

/** Asks before an action that cannot be taken back. */
export function ConfirmDialog({ title, question, confirmLabel, destructive = false, onClose, onConfirm }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    const { ok } = await onConfirm();
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <AppDialog open={question !== null} onOpenChange={(open) => !open && onClose()} title={title} size="sm">
      <Text>{question}</Text>
      <HStack justify="flex-end" mt="6">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button colorPalette={destructive ? "red" : "green"} loading={busy} onClick={confirm}>
          {confirmLabel}
        </Button>
      </HStack>
    </AppDialog>
  );
}
