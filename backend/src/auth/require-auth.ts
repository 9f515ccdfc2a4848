import { DirectiveLocation, GraphQLDirective, GraphQLList, GraphQLNonNull, GraphQLString } from "graphql";
import { AuthChecker, Authorized, Directive } from "type-graphql";
import { ForbiddenError, UnauthenticatedError } from "../common/errors";
import type { User } from "../modules/users/user.entity";
import type { AppContext } from "./context";
import { Role } from "./roles";

/**
 * Who may call an operation is declared once, on the resolver method. The declaration enforces
 * the rule on /graphql, prints it into schema.graphql for integrators, and is read by the REST
 * adapter so that /api applies the very same rule.
 */
export type Access = readonly Role[] | "public";

const declarations = new Map<object, Map<string | symbol, Access>>();

function declare(prototype: object, method: string | symbol, access: Access): void {
  const methods = declarations.get(prototype) ?? new Map<string | symbol, Access>();
  methods.set(method, access);
  declarations.set(prototype, methods);
}

const roleName = (role: Role) => `"${role.toUpperCase()}"`;

export function RequireAuth(...roles: Role[]): MethodDecorator {
  if (roles.length === 0) throw new Error("RequireAuth needs at least one role");
  return (prototype, method, descriptor) => {
    declare(prototype, method, roles);
    Directive(`@requireAuth(roles: [${roles.map(roleName).join(", ")}])`)(prototype, method, descriptor);
    Authorized(...roles)(prototype, method, descriptor);
  };
}

export function SkipAuth(): MethodDecorator {
  return (prototype, method, descriptor) => {
    declare(prototype, method, "public");
    Directive("@skipAuth")(prototype, method, descriptor);
  };
}

/** The access declared on a resolver method; REST routes point at the operation they mirror. */
export function accessOf<T extends object>(resolver: abstract new (...args: never[]) => T, method: keyof T & string): Access {
  const access = declarations.get(resolver.prototype)?.get(method);
  if (!access) throw new Error(`${resolver.name}.${method} declares no access`);
  return access;
}

export function assertAccess(actor: User | null, access: Access): void {
  if (access === "public") return;
  if (!actor) throw new UnauthenticatedError();
  if (!access.includes(actor.role)) throw new ForbiddenError();
}

export const authChecker: AuthChecker<AppContext, Role> = ({ context }, roles) => {
  assertAccess(context.actor, roles);
  return true;
};

export const authDirectives = [
  new GraphQLDirective({
    name: "requireAuth",
    description: "Only a signed-in user holding one of these roles may call this field.",
    locations: [DirectiveLocation.FIELD_DEFINITION],
    args: { roles: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString))) } },
  }),
  new GraphQLDirective({
    name: "skipAuth",
    description: "Anyone may call this field, signed in or not.",
    locations: [DirectiveLocation.FIELD_DEFINITION],
  }),
];
