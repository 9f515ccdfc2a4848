import { sessionIdOf } from "../../auth/context";
import { bodyRoute, callerRoute, mirroring, type Route } from "../../common/rest-route";
import { UsersResolver } from "./users.resolver";
import { userOperations } from "./users.operations";

/** The caller's own account, signing in and signing up. */
export const accountRoutes: Route[] = [
  callerRoute("GET", "/auth/me", mirroring(UsersResolver, "me"), userOperations.me),
  bodyRoute("POST", "/auth/login", mirroring(UsersResolver, "login"), userOperations.login),
  {
    method: "POST",
    url: "/auth/register",
    ...mirroring(UsersResolver, "register"),
    doc: { bodyRules: { required: ["accept_terms"], properties: { accept_terms: { const: true, description: "The Terms of Service and the Privacy Policy are accepted" } } } },
    status: 201,
    handle: async (context, body) => {
      const session = await userOperations.register(context, { fullName: body.full_name, email: body.email, password: body.password, role: body.role, acceptTerms: body.accept_terms });
      // The spec's clients read the user at the top level; the session is added beside it, as login answers it.
      return { ...session.user, ...session };
    },
  },
];

/** Signing out ends the session the call was made with. */
export const logoutRoute: Route = callerRoute("POST", "/auth/logout", mirroring(UsersResolver, "logout"), (context) => context.services.users.logout(sessionIdOf(context)), { status: 204 });
