import type { ObjectLiteral, SelectQueryBuilder } from "typeorm";
import { MAX_LENGTH } from "./text-limits";
import * as check from "./validate";

/** The most rows one page of an admin list holds, and how many it holds when the caller does not say. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** One page of a list, with how many rows the whole filtered list holds. */
export interface Page<T> {
  items: T[];
  totalCount: number;
}

export interface ListRequest<Status extends string> {
  search: string | null;
  status: Status | null;
  offset: number;
  limit: number;
}

/**
 * The admins' list inputs checked once for every list: both doors hand over untrusted values, and
 * GraphQL passes an explicit `input: null` as null, which no default parameter replaces.
 */
export function listRequest<Status extends string>(
  given: { search?: unknown; status?: unknown; offset?: unknown; limit?: unknown } | null | undefined,
  statuses: readonly Status[] = [],
): ListRequest<Status> {
  const input = given ?? {};
  const search = typeof input.search === "string" && input.search.trim() === "" ? null : input.search;
  return {
    search: search === undefined || search === null ? null : check.foldCase(check.requiredText("search", search, MAX_LENGTH.search)),
    status: input.status === undefined || input.status === null ? null : check.oneOf("status", input.status, statuses),
    offset: check.integer("offset", input.offset, 0, Number.MAX_SAFE_INTEGER, 0),
    limit: check.integer("limit", input.limit, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  };
}

/** `!` escapes LIKE's wildcards: it means the same on SQLite and MySQL, where a backslash would not. */
const containing = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * Narrows a query to the request's search (any of `columns` containing it, whatever the case) and
 * status, newest first, and reads one page and the filtered count in the database. Addresses
 * (`folded`) are stored folded as the term is, so they are compared as they are: the engines'
 * LOWER would fold them again, each its own way.
 */
export async function pageOf<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  request: ListRequest<string>,
  columns: { search: string[]; folded?: string[]; status?: string; id: string },
): Promise<Page<T>> {
  if (request.search !== null) {
    const lowered = columns.search.map((column) => `LOWER(${column}) LIKE :search ESCAPE '!'`);
    const matches = [...lowered, ...(columns.folded ?? []).map((column) => `${column} LIKE :search ESCAPE '!'`)].join(" OR ");
    query.andWhere(`(${matches})`, { search: containing(request.search) });
  }
  if (request.status !== null && columns.status) query.andWhere(`${columns.status} = :status`, { status: request.status });
  const [items, totalCount] = await query.orderBy(columns.id, "DESC").offset(request.offset).limit(request.limit).getManyAndCount();
  return { items, totalCount };
}

export const mapPage = <T, U>(page: Page<T>, view: (item: T) => U): Page<U> => ({ items: page.items.map(view), totalCount: page.totalCount });

export type ListInputFields = Parameters<typeof listRequest>[0];
