import { type ClassType, Field, InputType, Int, ObjectType } from "type-graphql";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./list-page";
import { MAX_LENGTH } from "./text-limits";

/** What every admin list takes; a list whose rows have a status adds a `status` of its own enum. */
@InputType()
export class ListInput {
  @Field(() => String, { nullable: true, description: `Part of a name, domain or e-mail, whatever the case; at most ${MAX_LENGTH.search} characters.` })
  search?: string | null;

  @Field(() => Int, { nullable: true, description: "Rows to skip; 0 when left out." })
  offset?: number | null;

  @Field(() => Int, { nullable: true, description: `Rows to return, 1 to ${MAX_PAGE_SIZE}; ${DEFAULT_PAGE_SIZE} when left out.` })
  limit?: number | null;
}

/** A list's page type: its rows, newest first, and how many rows match in all. */
export function PageOf<T extends object>(ItemView: ClassType<T>, name: string) {
  @ObjectType(name)
  class PageView {
    @Field(() => [ItemView], { description: "Newest first." }) items: T[];
    @Field(() => Int, { description: "How many rows match the search and status, on every page." }) totalCount: number;
  }
  return PageView;
}
