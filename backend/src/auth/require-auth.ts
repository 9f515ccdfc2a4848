import { DirectiveLocation, GraphQLDirective, GraphQLList, GraphQLNonNull, GraphQLString } from "graphql";
import { AuthChecker, Authorized, Directive } from "type-graphql";
import { ForbiddenError, UnauthenticatedError } from "../common/errors";
import type { AppContext } from "./context";
import { LIMITATION_MESSAGES } from "./limitation";
import { ALL_ROLES, Role } from "./roles";

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

/**
 * Declared access arrays open to a limited sign-in too: an account still waiting for approval, or
 * an admin who must first enrol two-factor sign-in. Such a caller may manage only their own account.
 */
const openToLimited = new WeakSet<object>();

/** Carried with the roles type-graphql hands the auth checker, which are a copy of the declared ones. */
const OPEN_TO_LIMITED = "signed-in";

/** Any signed-in user, even a limited one: the caller's own account (who am I, sign out, 2FA enrolment). */
export function RequireSignIn(): MethodDecorator {
  return (prototype, method, descriptor) => {
    const access: readonly Role[] = [...ALL_ROLES];
    declare(prototype, method, access);
    openToLimited.add(access);
    Directive(`@requireAuth(roles: [${ALL_ROLES.map(roleName).join(", ")}])`)(prototype, method, descriptor);
    Authorized<string>(...ALL_ROLES, OPEN_TO_LIMITED)(prototype, method, descriptor);
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

/** What a caller may do: who they are, whether their sign-in is limited, and whether their API key is read-only. */
export type Caller = Pick<AppContext, "actor" | "limitation" | "readOnly">;

export function assertAccess(caller: Caller, access: Access, writes = false): void {
  if (access === "public") return;
  if (!caller.actor) throw new UnauthenticatedError();
  if (!access.includes(caller.actor.role)) throw new ForbiddenError();
  if (caller.limitation && !openToLimited.has(access) && !(access as readonly string[]).includes(OPEN_TO_LIMITED)) throw new ForbiddenError(LIMITATION_MESSAGES[caller.limitation]);
  if (writes && caller.readOnly) throw new ForbiddenError("This API key is read-only: it may only read");
}

export const authChecker: AuthChecker<AppContext, Role> = ({ context, info }, roles) => {
  assertAccess(context, roles, info.parentType.name === "Mutation");
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
