import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { print } from "graphql";

/** An error the API answered with: its `extensions.code` (UNAUTHENTICATED, BAD_USER_INPUT, …) and the field it names. */
export class AdNetError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface AdNetClient {
  /** Runs one typed operation: its variables and result are checked against schema.graphql at compile time. */
  request<Result, Variables>(document: TypedDocumentNode<Result, Variables>, variables: Variables): Promise<Result>;
}

/** A client for `${url}/graphql` that signs every call with an API key (Settings → API keys). */
export function adnetClient({ url, apiKey }: { url: string; apiKey: string }): AdNetClient {
  return {
    async request(document, variables) {
      const response = await fetch(`${url.replace(/\/+$/, "")}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/graphql-response+json", authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ query: print(document), variables }),
      });
      const body = (await response.json()) as { data?: unknown; errors?: { message: string; extensions?: { code?: string; field?: string } }[] };
      const error = body.errors?.[0];
      if (error) throw new AdNetError(error.message, error.extensions?.code ?? `HTTP_${response.status}`, error.extensions?.field);
      return body.data as never;
    },
  };
}

export * from "./gql/graphql";
