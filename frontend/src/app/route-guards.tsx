import { lazy, useEffect, type ReactNode } from "react";
import { Navigate, useLocation, useSearchParams } from "react-router";
import { FullPageSpinner } from "../components/ui/full-page-spinner";
import { useAuthDialog } from "../features/auth/auth-dialog-provider";
import { returnPath, signInPath } from "../features/auth/return-path";
import type { Role } from "../gql/graphql";
import { needingApollo } from "../lib/lazy-apollo";
import { useSession } from "../lib/session";

// Split off like the dashboards: a signed-out visitor's page never needs them.
const WaitingForApproval = lazy(() => import("../features/auth/components/account-gate").then((m) => ({ default: m.WaitingForApproval })));
const TwoFactorRequired = lazy(
  needingApollo(() => import("../features/auth/components/account-gate").then((m) => ({ default: m.TwoFactorRequired }))),
);

export const SESSION_ENDED_NOTICE = "Your session has ended. Please sign in again.";

const homeOf: Record<Role, string> = {
  PUBLISHER: "/publisher",
  ADVERTISER: "/advertiser",
  ADMIN: "/admin",
};

/** Admits only a signed-in user holding exactly this role; everyone else goes home. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  return <RequireAccount role={role}>{children}</RequireAccount>;
}

/** Admits any signed-in user, whatever their role: for the pages every account has, such as Settings. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  return <RequireAccount>{children}</RequireAccount>;
}

function RequireAccount({ role, children }: { role?: Role; children: ReactNode }) {
  const { user, endedBy } = useSession();
  // Someone who just logged out meant to leave; anyone else signed out is asked to sign in.
  if (!user && endedBy !== "logout") return <SignInFirst />;
  if (!user || (role && user.role !== role)) return <Navigate to="/" replace />;
  // An account the server keeps limited sees why, and what to do, instead of a page that cannot load.
  if (user.status === "PENDING_APPROVAL") return <WaitingForApproval />;
  if (user.mustEnrolTwoFactor) return <TwoFactorRequired />;
  return children;
}

/** Home with the login dialog open, and back to this very page (tab and query included) after signing in. */
function SignInFirst() {
  const { endedBy } = useSession();
  const { askToSignIn } = useAuthDialog();
  const { pathname, search, hash } = useLocation();

  useEffect(() => {
    askToSignIn(endedBy === "refused" ? SESSION_ENDED_NOTICE : undefined);
  }, [askToSignIn, endedBy]);

  return <Navigate to={signInPath(pathname + search + hash)} replace />;
}

/** Signed-in visitors have nothing to do on the marketing home page, unless they were on their way back somewhere. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [search] = useSearchParams();
  if (user) return <Navigate to={returnPath(search) ?? "/dashboard"} replace />;
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
