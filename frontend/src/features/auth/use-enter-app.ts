import { useNavigate, useSearchParams } from "react-router";
import { returnPath } from "./return-path";

/** Where a fresh session goes: back to the page that asked for it, or the dashboard of the user's role. */
export function useEnterApp(): () => void {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return () => navigate(returnPath(search) ?? "/dashboard");
}
