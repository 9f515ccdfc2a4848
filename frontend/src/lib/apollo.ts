import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { getToken } from "./token-storage";

const authLink = new SetContextLink(({ headers }) => {
  const token = getToken();
  return { headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers };
});

export const createApolloClient = () =>
  new ApolloClient({
    link: authLink.concat(new HttpLink({ uri: "/graphql" })),
    cache: new InMemoryCache(),
  });
