import { createContext, lazy, Suspense, use, useCallback, useMemo, useState, type ReactNode } from "react";
import { needingApollo } from "../../lib/lazy-apollo";
import type { Audience } from "../../lib/audience";
import type { AuthTab } from "./components/auth-dialog";

// Most visitors never sign in from the page they land on; the forms and their GraphQL come on first use.
const AuthDialog = lazy(needingApollo(() => import("./components/auth-dialog").then((m) => ({ default: m.AuthDialog }))));

interface Opening {
  tab: AuthTab;
  /** Why signing in is needed, or who the login is for, shown above the login form. */
  notice?: string;
  /** The role the register form starts with. */
  audience?: Audience;
}

const AuthDialogContext = createContext<((opening: Opening) => void) | null>(null);

const AUDIENCE_LOGIN_NOTICE: Record<Audience, string> = {
  PUBLISHER: "Publisher login: sign in to manage your sites, ad zones and earnings.",
  ADVERTISER: "Advertiser login: sign in to manage your campaigns, creatives and funds.",
};

/** One auth dialog for the whole app, so any header or call-to-action can open it on the right tab. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState<Opening | null>(null);

  const openOn = useCallback((next: Opening) => {
    setOpening(next);
    setOpen(true);
  }, []);

  return (
    <AuthDialogContext value={openOn}>
      {children}
      {opening && (
        <Suspense>
          <AuthDialog
            open={open}
            tab={opening.tab}
            notice={opening.notice}
            audience={opening.audience}
            onTabChange={(tab) => setOpening((current) => current && { ...current, tab })}
            onOpenChange={setOpen}
          />
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
      openLogin: () => openOn({ tab: "login" }),
      openRegister: () => openOn({ tab: "register" }),
      /** The register tab with this role chosen. */
      registerAs: (audience: Audience) => openOn({ tab: "register", audience }),
      /** The login tab saying whose login it is, its register tab starting with that role. */
      signInAs: (audience: Audience) => openOn({ tab: "login", notice: AUDIENCE_LOGIN_NOTICE[audience], audience }),
      /** The login tab with a word on why signing in is needed. */
      askToSignIn: (notice?: string) => openOn({ tab: "login", notice }),
    }),
    [openOn],
  );
}
