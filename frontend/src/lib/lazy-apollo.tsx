import type { ApolloClient } from "@apollo/client";
import { getApolloContext } from "@apollo/client/react";
import { use, useMemo, useSyncExternalStore, type ReactNode } from "react";

// Apollo Client is some 50 kB of gzipped JavaScript and a signed-out visitor on the landing page
// never makes a GraphQL call, so it is downloaded the first time something needs it.
let loaded: ApolloClient | undefined;
let loading: Promise<ApolloClient> | undefined;
const listeners = new Set<() => void>();

export function loadApolloClient() {
  loading ??= import("./apollo").then(
    ({ createApolloClient }) => {
      loaded = createApolloClient();
      for (const listener of listeners) listener();
      return loaded;
    },
    (error: unknown) => {
      // A dropped connection should not rule out the next attempt.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

// Prerendering runs no queries, and a page hydrates before the client has loaded.
const noClientYet = () => undefined;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** For React.lazy: a screen that runs queries arrives together with the client they need. */
export const needingApollo =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadApolloClient()]).then(([module]) => module);

/**
 * Apollo's own context, empty until the client has loaded. ApolloProvider refuses to render
 * without a client, and swapping it in later would remount the whole app, open dialogs included.
 */
export function LazyApolloProvider({ children }: { children: ReactNode }) {
  const client = useSyncExternalStore(subscribe, () => loaded, noClientYet);
  const ApolloContext = getApolloContext();
  const value = useMemo(() => ({ client }), [client]);
  return <ApolloContext value={value}>{children}</ApolloContext>;
}

/** The client of the nearest Apollo provider, or undefined while none has loaded. */
export const useLoadedApolloClient = (): ApolloClient | undefined => use(getApolloContext()).client;
