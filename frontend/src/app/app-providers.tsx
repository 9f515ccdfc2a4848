import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { FullPageSpinner } from "../components/ui/full-page-spinner";
import { Toaster } from "../components/ui/toaster";
import { LazyApolloProvider } from "../lib/lazy-apollo";
import { SessionProvider } from "../lib/session";
import { system } from "./theme";

/** The screen while a stored token is checked at start-up. */
export const checkingSession = <FullPageSpinner label="Checking your session" />;

/** Everything above the router: theme, toasts, GraphQL and the session check. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <LazyApolloProvider>
        <SessionProvider whileChecking={checkingSession}>{children}</SessionProvider>
      </LazyApolloProvider>
      <Toaster />
    </ChakraProvider>
  );
}
