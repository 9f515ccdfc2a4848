import { In, type FindOptionsWhere, type Repository } from "typeorm";

/** What a list of ids is called, for reports and exports that carry ids: one query for the lot. */
export async function namesByIds<T extends { id: number }>(repository: Repository<T>, ids: number[], name: (entity: T) => string): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await repository.findBy({ id: In(ids) } as FindOptionsWhere<T>);
  return new Map(found.map((entity) => [entity.id, name(entity)]));
}
