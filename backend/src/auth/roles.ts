import { registerEnumType } from "type-graphql";

export enum Role {
  PUBLISHER = "publisher",
  ADVERTISER = "advertiser",
  ADMIN = "admin",
}

registerEnumType(Role, { name: "Role", description: "What a user does on the network" });

/** Self-registration never offers admin: admins come only from ADMIN_EMAIL at start-up. */
export const SELF_SERVICE_ROLES = [Role.PUBLISHER, Role.ADVERTISER] as const;

export const ALL_ROLES = [Role.PUBLISHER, Role.ADVERTISER, Role.ADMIN] as const;
