import { useQuery } from "@apollo/client/react";
import type { ReactNode } from "react";
import { FormOptionsDocument, type FormBoundsFragment, type Role } from "../../gql/graphql";
import { loadStateOf, QueryPanel } from "../query-panel";

/** The server's bounds and choices; Apollo's cache keeps them, so only the first form of a visit waits. */
export function useFormOptions() {
  const query = useQuery(FormOptionsDocument);
  return { options: query.data?.formOptions, loadState: loadStateOf(query) };
}

/** Of each object's declared fields, those the role may set: a form never offers what the server would refuse (an advertiser booking a delivery tier). */
export function settableBy(options: FormBoundsFragment, role: Role): FormBoundsFragment {
  const settable = <Field extends { setBy: readonly Role[] }>(fields: readonly Field[]) => fields.filter((field) => field.setBy.includes(role));
  return {
    ...options,
    campaignFields: settable(options.campaignFields),
    siteFields: settable(options.siteFields),
    zoneFields: settable(options.zoneFields),
    audienceFields: settable(options.audienceFields),
  };
}

/** A form drawn once the server has said what it accepts, with a spinner or a retry until then; given the role it is for, with only the fields that role may set. */
export function WithFormOptions({ role, children }: { role?: Role; children: (options: FormBoundsFragment) => ReactNode }) {
  const { options, loadState } = useFormOptions();
  return (
    <QueryPanel {...loadState} failureMessage="Failed to load the form" loadingLabel="Loading the form">
      {options && children(role ? settableBy(options, role) : options)}
    </QueryPanel>
  );
}
