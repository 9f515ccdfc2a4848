import { registerEnumType } from "type-graphql";

export enum AccountStatus {
  ACTIVE = "active",
  /** ACCOUNT_APPROVAL=manual: signed up, waiting for an admin. */
  PENDING_APPROVAL = "pending_approval",
  SUSPENDED = "suspended",
}

registerEnumType(AccountStatus, { name: "AccountStatus", description: "Whether an account may work on the network" });

export const ACCOUNT_STATUSES = Object.values(AccountStatus);
