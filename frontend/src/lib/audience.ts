import type { Role } from "../gql/graphql";

/** Who an account is for: the roles anyone may register as. */
export type Audience = Extract<Role, "PUBLISHER" | "ADVERTISER">;
