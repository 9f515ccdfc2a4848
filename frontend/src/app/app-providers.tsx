import { ApolloProvider } from "@apollo/client/react";
import { ChakraProvider } from "@chakra-ui/react";
import type { ApolloClient } from "@apollo/client";
import type { ReactNode } from "react";
import { Toaster } from "../components/ui/toaster";
import { SessionProvider } from "./session";
import { system } from "./theme";

/** Everything above the router: theme, toasts, GraphQL and the session check. */
export function AppProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ApolloProvider client={client}>
        <SessionProvider>{children}</SessionProvider>
      </ApolloProvider>
      <Toaster />
    </ChakraProvider>
  );
}
