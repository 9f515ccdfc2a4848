import { useQuery } from "@apollo/client/react";
import type { ReactNode } from "react";
import { FormOptionsDocument, type FormBoundsFragment } from "../../gql/graphql";
import { loadStateOf, QueryPanel } from "../query-panel";

/** The server's bounds and choices; Apollo's cache keeps them, so only the first form of a visit waits. */
export function useFormOptions() {
  const query = useQuery(FormOptionsDocument);
  return { options: query.data?.formOptions, loadState: loadStateOf(query) };
}

/** A form drawn once the server has said what it accepts, with a spinner or a retry until then. */
export function WithFormOptions({ children }: { children: (options: FormBoundsFragment) => ReactNode }) {
  const { options, loadState } = useFormOptions();
  return (
    <QueryPanel {...loadState} failureMessage="Failed to load the form" loadingLabel="Loading the form">
      {options && children(options)}
    </QueryPanel>
  );
}
