import type { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from "typeorm";
import type { QueryDeepPartialEntity } from "typeorm/query-builder/QueryPartialEntity";
import { ConflictError } from "./errors";

export interface MoveOptions {
  /** False for writes no entity listener must hear (the ad catalogue reloads on what they hear). */
  listeners?: boolean;
  /** The input field a refusal names, for a form to show it beside. */
  field?: string;
}

/** Why a move was refused: words, or a function that reads the row as it now stands to say it. */
export type Refusal = string | (() => Promise<string>);

/**
 * A one-time state change, decided by the database: one conditional UPDATE whose WHERE is the row's
 * id and the state the move starts from (`guard`). Of identical calls arriving at once, in however
 * many processes, the first to write moves the row; the rest match nothing and get CONFLICT with
 * `refusal` (worked out in the same transaction, so it sees the move that won). Run it in the
 * transaction that writes the move's side effects (audit entry, news), before them, so they are
 * written once.
 */
export async function moveOnce<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  guard: FindOptionsWhere<E>,
  changes: QueryDeepPartialEntity<E>,
  refusal: Refusal,
  options: MoveOptions = {},
): Promise<void> {
  if (!(await moveIfStill(manager, entity, guard, changes, options))) throw await refused(refusal, options.field);
}

/**
 * The conditional UPDATE of `moveOnce`, answering whether this call moved the row: for a harmless
 * repeat (a key revoked twice), which changes nothing and is no error. Both engines count matched
 * rows, not changed ones (mysql2 connects with FOUND_ROWS; SQLite's changes() counts every row the
 * WHERE matched), so a move whose changes equal what is stored still counts as made.
 */
export async function moveIfStill<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  guard: FindOptionsWhere<E>,
  changes: QueryDeepPartialEntity<E>,
  options: MoveOptions = {},
): Promise<boolean> {
  const { affected } = await manager.createQueryBuilder().update(entity).set(changes).where(guard).callListeners(options.listeners ?? true).execute();
  return Boolean(affected);
}

/** A deletion made once, as `moveOnce` makes a move: of identical calls at once, one deletes and the rest get CONFLICT. */
export async function deleteOnce<E extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<E>, guard: FindOptionsWhere<E>, refusal: Refusal): Promise<void> {
  const { affected } = await manager.getRepository(entity).delete(guard);
  if (!affected) throw await refused(refusal);
}

const refused = async (refusal: Refusal, field?: string) => new ConflictError(typeof refusal === "string" ? refusal : await refusal(), field);
