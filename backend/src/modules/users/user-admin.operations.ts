import { actorOf, type AppContext } from "../../auth/context";
import { mapPage, type Page } from "../../common/list-page";
import type { UserListFields } from "./user-admin.service";
import { advertiserBalanceOf, ManagedUserView } from "./user-admin.types";

/** Each User Management operation as both doors answer it: GraphQL resolvers and REST routes call these and nothing else. */
export const userAdminOperations = {
  users: async ({ services }: AppContext, input: UserListFields = {}): Promise<Page<ManagedUserView>> => mapPage(await services.userAdmin.page(input), ManagedUserView.from),
  managedUser: async ({ services }: AppContext, id: unknown): Promise<ManagedUserView> => ManagedUserView.from(await services.userAdmin.find(id)),
  /** An advertiser's balance as their Billing tab shows it; null for other roles. */
  advertiserBalance: async ({ services }: AppContext, user: ManagedUserView): Promise<number | null> => advertiserBalanceOf(await services.funds.balanceOf(user.account)),
  approveUser: async ({ services }: AppContext, id: unknown): Promise<ManagedUserView> => ManagedUserView.from(await services.userAdmin.approve(id)),
  suspendUser: async (context: AppContext, id: unknown, reason: unknown): Promise<ManagedUserView> =>
    ManagedUserView.from(await context.services.userAdmin.suspend(actorOf(context), id, reason)),
  reactivateUser: async ({ services }: AppContext, id: unknown): Promise<ManagedUserView> => ManagedUserView.from(await services.userAdmin.reactivate(id)),
  setIdentityVerified: async ({ services }: AppContext, id: unknown, verified: unknown): Promise<ManagedUserView> =>
    ManagedUserView.from(await services.userAdmin.setIdentityVerified(id, verified)),
  sendVerificationLink: async ({ services }: AppContext, id: unknown): Promise<ManagedUserView> => ManagedUserView.from(await services.userAdmin.sendVerificationLink(id)),
  sendPasswordReset: async ({ services }: AppContext, id: unknown): Promise<ManagedUserView> => ManagedUserView.from(await services.userAdmin.sendPasswordReset(id)),
};
