import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { FullPageSpinner } from "../components/ui/full-page-spinner";
import type { Role } from "../gql/graphql";
import { useSession } from "../lib/session";

const homeOf: Record<Role, string> = {
  PUBLISHER: "/publisher",
  ADVERTISER: "/advertiser",
  ADMIN: "/admin",
};

/** Admits only a signed-in user holding exactly this role; everyone else goes home. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { user } = useSession();
  if (user?.role !== role) return <Navigate to="/" replace />;
  return children;
}

/** Signed-in visitors have nothing to do on the marketing home page. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user) return <Navigate to="/dashboard" replace />;
  return children;
}

export function DashboardRedirect() {
  const { user } = useSession();
  const target = (user && homeOf[user.role]) ?? "/";
  return (
    <>
      <FullPageSpinner label="Opening your dashboard" />
      <Navigate to={target} replace />
    </>
  );
}
