import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { ErrorLink } from "@apollo/client/link/error";
import { possibleTypes } from "../gql/possible-types";
import { reportSessionRefused } from "./session-events";
import { getToken } from "./token-storage";

const bearer = (token: string) => `Bearer ${token}`;

const authLink = new SetContextLink(({ headers }) => {
  const token = getToken();
  return { headers: token ? { ...headers, authorization: bearer(token) } : headers };
});

/**
 * UNAUTHENTICATED on a call that carried the stored token means the server ended the session
 * (logged out elsewhere, expired, revoked). A call sent with another token or none, such as a
 * failed login or a logout, says nothing about the current session.
 */
const sessionRefusedLink = new ErrorLink(({ error, operation }) => {
  if (!CombinedGraphQLErrors.is(error) || !error.errors.some((e) => e.extensions?.code === "UNAUTHENTICATED")) return;
  const token = getToken();
  if (token && operation.getContext().headers?.authorization === bearer(token)) reportSessionRefused();
});

/** Everything between the app and the transport: the token out, the session's end back. */
export const sessionLinks = ApolloLink.from([authLink, sessionRefusedLink]);

/**
 * The schema's interfaces and what implements them, so that fragments on an interface (a report's
 * frame, its rows' measures) match the objects the server answers with.
 * The form options are one object without an id that several queries read parts of (the bounds,
 * a report range's granularities): their fields merge instead of each answer replacing the others.
 */
export const createCache = () => new InMemoryCache({ possibleTypes, typePolicies: { FormOptions: { merge: true } } });

export const createApolloClient = () =>
  new ApolloClient({
    link: sessionLinks.concat(new HttpLink({ uri: "/graphql" })),
    cache: createCache(),
  });
