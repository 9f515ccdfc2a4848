import { MeDocument, type Role } from "../gql/graphql";

/** The session check's answer: this user is signed in. */
export const signedInAs = (id: number, email: string, fullName: string, role: Role) => ({
  request: { query: MeDocument },
  result: { data: { me: { __typename: "User" as const, id, email, fullName, role } } },
});
