import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Toaster } from "../components/ui/toaster";
import { LazyApolloProvider } from "../lib/lazy-apollo";
import { SessionProvider } from "../lib/session";
import { system } from "./theme";

/** Everything above the router: theme, toasts, GraphQL and the session check. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <LazyApolloProvider>
        <SessionProvider>{children}</SessionProvider>
      </LazyApolloProvider>
      <Toaster />
    </ChakraProvider>
  );
}
