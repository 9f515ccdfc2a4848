import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";

/**
 * The open tab of a dashboard, kept in its URL (`/publisher/payouts`) so reload, back and shared
 * links keep it. The dashboard's own path shows the first tab; an unknown tab is replaced by that
 * path, so a stale link still lands on a working dashboard instead of a dead end.
 */
export function useRouteTab<Tab extends string>(dashboardPath: string, tabs: readonly Tab[]) {
  const { tab } = useParams();
  const navigate = useNavigate();
  const known = tabs.find((candidate) => candidate === tab);

  useEffect(() => {
    if (tab !== undefined && !known) navigate(dashboardPath, { replace: true });
  }, [tab, known, dashboardPath, navigate]);

  return {
    tab: known ?? tabs[0],
    selectTab: (next: string) => navigate(`${dashboardPath}/${next}`),
  };
}
