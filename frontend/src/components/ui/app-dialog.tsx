import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface AppDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
}

// Chakra's "full" size as a responsive variant leaks its full height and square corners into the
// larger sizes, so the phone layout is applied under the sm breakpoint only.
const fillsNarrowScreens = {
  maxW: { smDown: "100dvw" },
  minH: { smDown: "100dvh" },
  maxH: { smDown: "100dvh" },
  my: { smDown: "0" },
  borderRadius: { smDown: "0" },
};

export function AppDialog({ open, onOpenChange, title, description, children, footer, size = "md" }: AppDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="center"
      scrollBehavior="inside"
      size={size}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...fillsNarrowScreens}>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Dialog.Title>{title}</Dialog.Title>
              {description && <Dialog.Description color="fg.muted">{description}</Dialog.Description>}
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
