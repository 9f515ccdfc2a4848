import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { FullPageSpinner } from "../components/ui/full-page-spinner";
import { toaster } from "../components/ui/toaster";
import { MeDocument, type SessionUserFragment } from "../gql/graphql";
import { loadApolloClient, useLoadedApolloClient } from "./lazy-apollo";
import { clearToken, getToken, setToken } from "./token-storage";

export type SessionUser = SessionUserFragment;

interface Session {
  user: SessionUser | null;
  login: (token: string, user: SessionUser) => void;
  logout: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useLoadedApolloClient();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [checking, setChecking] = useState(() => getToken() !== null);

  useEffect(() => {
    if (!getToken()) return;
    if (!client) {
      // Without the client the token cannot be checked; carry on signed out rather than spin forever.
      loadApolloClient().catch(() => setChecking(false));
      return;
    }
    let cancelled = false;
    client
      .query({ query: MeDocument, fetchPolicy: "network-only" })
      .then(({ data }) => {
        if (!cancelled && data) setUser(data.me);
      })
      // An expired or revoked token is not the visitor's problem: forget it and carry on signed out.
      .catch(() => clearToken())
      .finally(() => {
        if (!cancelled) setChecking(false);
      });
    return () => {
      cancelled = true;
    };
  }, [client]);

  const login = useCallback((token: string, next: SessionUser) => {
    setToken(token);
    setUser(next);
  }, []);

  const logout = useCallback(async () => {
    clearToken();
    setUser(null);
    // Another user may sign in next in this tab; none of this user's data may linger.
    await client?.clearStore();
    toaster.create({ type: "success", title: "Logged out successfully" });
  }, [client]);

  const value = useMemo(() => ({ user, login, logout }), [user, login, logout]);

  if (checking) return <FullPageSpinner label="Checking your session" />;
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession() {
  const session = use(SessionContext);
  if (!session) throw new Error("useSession must be used inside SessionProvider");
  return session;
}
