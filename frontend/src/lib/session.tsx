import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { toaster } from "./toasts";
import type { SessionUserFragment } from "../gql/graphql";
import { loadApolloClient, useLoadedApolloClient } from "./lazy-apollo";
import { onSessionRefused } from "./session-events";
import { clearToken, getToken, setToken } from "./token-storage";

export type SessionUser = SessionUserFragment;

/** Who ended the last session in this tab: the user by logging out, or the server by refusing its token. */
export type SessionEnd = "logout" | "refused";

interface Session {
  user: SessionUser | null;
  endedBy: SessionEnd | null;
  login: (token: string, user: SessionUser) => void;
  logout: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

// The generated module holds every screen's documents; loaded like the client, it stays out of the
// JavaScript a signed-out visitor's page needs, however many screens are added.
const sessionDocuments = () => import("../gql/graphql");

interface SessionProviderProps {
  /** What shows while a stored token is being checked: the app's own waiting screen. */
  whileChecking: ReactNode;
  children: ReactNode;
}

export function SessionProvider({ whileChecking, children }: SessionProviderProps) {
  const client = useLoadedApolloClient();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [endedBy, setEndedBy] = useState<SessionEnd | null>(null);
  const [checking, setChecking] = useState(() => getToken() !== null);

  useEffect(() => {
    if (!getToken()) return;
    if (!client) {
      // Without the client the token cannot be checked; carry on signed out rather than spin forever.
      loadApolloClient().catch(() => setChecking(false));
      return;
    }
    let cancelled = false;
    sessionDocuments()
      .then(({ MeDocument }) => client.query({ query: MeDocument, fetchPolicy: "network-only" }))
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

  // Only a signed-in user's session can be refused; the start-up check drops a bad token silently.
  useEffect(() => {
    if (!user) return;
    return onSessionRefused(() => {
      clearToken();
      setUser(null);
      setEndedBy("refused");
      // Another user may sign in next in this tab; none of this user's data may linger.
      void client?.clearStore();
    });
  }, [user, client]);

  const login = useCallback((token: string, next: SessionUser) => {
    setToken(token);
    setUser(next);
    setEndedBy(null);
  }, []);

  const logout = useCallback(async () => {
    const token = getToken();
    // Unstored first, so nothing else goes out with it and its refusal is not taken for an expiry.
    clearToken();
    if (token && client) {
      // Offline or already ended, the session still ends here; the server's copy then just expires.
      await sessionDocuments()
        .then(({ LogoutDocument }) => client.mutate({ mutation: LogoutDocument, context: { headers: { authorization: `Bearer ${token}` } } }))
        .catch(() => undefined);
    }
    setUser(null);
    setEndedBy("logout");
    await client?.clearStore();
    toaster.create({ type: "success", title: "Logged out successfully" });
  }, [client]);

  const value = useMemo(() => ({ user, endedBy, login, logout }), [user, endedBy, login, logout]);

  if (checking) return whileChecking;
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession() {
  const session = use(SessionContext);
  if (!session) throw new Error("useSession must be used inside SessionProvider");
  return session;
}
