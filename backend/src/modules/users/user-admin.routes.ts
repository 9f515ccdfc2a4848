import { idBodyRoute, idRoute, mirroring, type Route } from "../../common/rest-route";
import { UserAdminResolver } from "./user-admin.resolver";
import { userAdminOperations } from "./user-admin.operations";

/** The admins' User Management: the list, one user, and what an admin does to an account. */
export const userAdminRoutes: Route[] = [
  {
    method: "GET",
    url: "/admin/users",
    doc: { query: ["search", "role", "status", "offset", "limit"] },
    ...mirroring(UserAdminResolver, "users"),
    handle: (context, _body, _params, query) =>
      userAdminOperations.users(context, { search: query.search, role: query.role, status: query.status, offset: query.offset, limit: query.limit }),
  },
  {
    method: "GET",
    url: "/admin/users/:id",
    ...mirroring(UserAdminResolver, "managedUser"),
    handle: async (context, _body, params) => {
      const user = await userAdminOperations.managedUser(context, params.id);
      return { ...user, advertiserBalance: await userAdminOperations.advertiserBalance(context, user) };
    },
  },
  idRoute("PUT", "/admin/users/:id/approve", mirroring(UserAdminResolver, "approveUser"), userAdminOperations.approveUser),
  idBodyRoute("PUT", "/admin/users/:id/suspend", mirroring(UserAdminResolver, "suspendUser"), (context, id, body) => userAdminOperations.suspendUser(context, id, body.reason)),
  idRoute("PUT", "/admin/users/:id/reactivate", mirroring(UserAdminResolver, "reactivateUser"), userAdminOperations.reactivateUser),
  idRoute("POST", "/admin/users/:id/verification-link", mirroring(UserAdminResolver, "sendVerificationLink"), userAdminOperations.sendVerificationLink),
  idRoute("POST", "/admin/users/:id/password-reset", mirroring(UserAdminResolver, "sendPasswordReset"), userAdminOperations.sendPasswordReset),
];
