import { createContext, use, useCallback, useMemo, useState, type ReactNode } from "react";
import { AuthDialog, type AuthTab } from "./components/auth-dialog";

const AuthDialogContext = createContext<((tab: AuthTab) => void) | null>(null);

/** One auth dialog for the whole app, so any header or call-to-action can open it on the right tab. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<AuthTab>("login");

  const openOn = useCallback((next: AuthTab) => {
    setTab(next);
    setOpen(true);
  }, []);

  return (
    <AuthDialogContext value={openOn}>
      {children}
      <AuthDialog open={open} tab={tab} onTabChange={setTab} onOpenChange={setOpen} />
    </AuthDialogContext>
  );
}

export function useAuthDialog() {
  const openOn = use(AuthDialogContext);
  if (!openOn) throw new Error("useAuthDialog must be used inside AuthDialogProvider");
  return useMemo(() => ({ openLogin: () => openOn("login"), openRegister: () => openOn("register") }), [openOn]);
}
