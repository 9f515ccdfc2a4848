import { ClassType, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { AppContext } from "../auth/context";
import type { Access } from "../auth/require-auth";
import type { Role } from "../auth/roles";

/**
 * An action a person may take on an object, served to the screens the way Vendure serves
 * nextOrderStates: the statuses it starts from come from the object's one transitions table, and
 * who may take it from the access declared on the mutation that performs it. A screen draws one
 * button per served action, so no status rule is copied into a component.
 */
export interface ActionRule<Status> {
  from: readonly Status[];
  access: Access;
}

export function nextActions<Action extends string, Status>(
  rules: Record<Action, ActionRule<Status>>,
  status: Status,
  role: Role | undefined,
): Action[] {
  return (Object.keys(rules) as Action[]).filter((action) => {
    const { from, access } = rules[action];
    return from.includes(status) && role !== undefined && access !== "public" && access.includes(role);
  });
}

/** Adds `nextActions` to an object type, served from its rules for whoever reads it. */
export function nextActionsResolver<Status, Action extends string, T extends { status: Status }>(
  type: ClassType<T>,
  actionEnum: object,
  rules: Record<Action, ActionRule<Status>>,
  noun: string,
) {
  @Resolver(() => type)
  class NextActionsResolver {
    @FieldResolver(() => [actionEnum], { description: `What the viewer may do to this ${noun} now, by its status and their role: one button each.` })
    nextActions(@Root() item: T, @Ctx() { actor }: AppContext): Action[] {
      return nextActions(rules, item.status, actor?.role);
    }
  }
  return NextActionsResolver;
}
