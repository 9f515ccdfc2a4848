import type { Repository } from "typeorm";
import type { QueryDeepPartialEntity } from "typeorm/query-builder/QueryPartialEntity";
import { User } from "./user.entity";

/**
 * Writes columns of a user that the ad catalogue never reads (last sign-in, two-factor state)
 * without telling it: no entity listener hears it and `updated_at` stays, so a sign-in does not make
 * every process reload its inventory.
 */
export async function quietUserUpdate(users: Repository<User>, id: number, values: QueryDeepPartialEntity<User>): Promise<void> {
  await users.createQueryBuilder().update(User).set(quietly(values)).where("id = :id", { id }).callListeners(QUIET.listeners).execute();
}

/** The same quiet write as a one-time move (common/move-once): these changes, with `QUIET` as its options. */
export const quietly = (values: QueryDeepPartialEntity<User>): QueryDeepPartialEntity<User> => ({ ...values, updatedAt: () => "updated_at" });
export const QUIET = { listeners: false } as const;
