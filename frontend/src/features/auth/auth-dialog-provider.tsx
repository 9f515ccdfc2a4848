import { createContext, lazy, Suspense, use, useCallback, useMemo, useState, type ReactNode } from "react";
import { needingApollo } from "../../lib/lazy-apollo";
import type { AuthTab } from "./components/auth-dialog";

// Most visitors never sign in from the page they land on; the forms and their GraphQL come on first use.
const AuthDialog = lazy(needingApollo(() => import("./components/auth-dialog").then((m) => ({ default: m.AuthDialog }))));

const AuthDialogContext = createContext<((tab: AuthTab, notice?: string) => void) | null>(null);

/** One auth dialog for the whole app, so any header or call-to-action can open it on the right tab. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<AuthTab>("login");
  const [notice, setNotice] = useState<string>();

  const openOn = useCallback((next: AuthTab, why?: string) => {
    setTab(next);
    setNotice(why);
    setOpen(true);
    setOpened(true);
  }, []);

  return (
    <AuthDialogContext value={openOn}>
      {children}
      {opened && (
        <Suspense>
          <AuthDialog open={open} tab={tab} notice={notice} onTabChange={setTab} onOpenChange={setOpen} />
        </Suspense>
      )}
    </AuthDialogContext>
  );
}

export function useAuthDialog() {
  const openOn = use(AuthDialogContext);
  if (!openOn) throw new Error("useAuthDialog must be used inside AuthDialogProvider");
  return useMemo(
    () => ({
      openLogin: () => openOn("login"),
      openRegister: () => openOn("register"),
      /** The login tab with a word on why signing in is needed. */
      askToSignIn: (notice?: string) => openOn("login", notice),
    }),
    [openOn],
  );
}
