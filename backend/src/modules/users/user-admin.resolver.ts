import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import type { Page } from "../../common/list-page";
import { userAdminOperations } from "./user-admin.operations";
import { ManagedUserPage, ManagedUserView, UserListInput } from "./user-admin.types";

/** User Management: every operation is the admins'. */
@Resolver()
export class UserAdminResolver {
  @Query(() => ManagedUserPage, { description: "Every account, a page at a time: by name or e-mail, role and status." })
  @RequireAuth(Role.ADMIN)
  async users(@Arg("input", () => UserListInput, { nullable: true }) input: UserListInput | undefined, @Ctx() context: AppContext): Promise<Page<ManagedUserView>> {
    return userAdminOperations.users(context, input ?? {});
  }

  @Query(() => ManagedUserView, { description: "One account, for its page in User Management." })
  @RequireAuth(Role.ADMIN)
  async managedUser(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<ManagedUserView> {
    return userAdminOperations.managedUser(context, id);
  }

  @Mutation(() => ManagedUserView, { description: "Lets an account waiting for approval (ACCOUNT_APPROVAL=manual) start working." })
  @RequireAuth(Role.ADMIN)
  async approveUser(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<ManagedUserView> {
    return userAdminOperations.approveUser(context, id);
  }

  @Mutation(() => ManagedUserView, {
    description: "Suspends an account with the reason its owner is told: its tokens and API keys stop at once, its zones stop filling and its campaigns stop spending. Never yourself nor the last admin.",
  })
  @RequireAuth(Role.ADMIN)
  async suspendUser(@Arg("id", () => Int) id: number, @Arg("reason") reason: string, @Ctx() context: AppContext): Promise<ManagedUserView> {
    return userAdminOperations.suspendUser(context, id, reason);
  }

  @Mutation(() => ManagedUserView, { description: "Lifts a suspension; the user signs in again." })
  @RequireAuth(Role.ADMIN)
  async reactivateUser(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<ManagedUserView> {
    return userAdminOperations.reactivateUser(context, id);
  }

  @Mutation(() => ManagedUserView, { description: "Records that you checked the user's identity documents (or withdraws it)." })
  @RequireAuth(Role.ADMIN)
  async setIdentityVerified(@Arg("id", () => Int) id: number, @Arg("verified") verified: boolean, @Ctx() context: AppContext): Promise<ManagedUserView> {
    return userAdminOperations.setIdentityVerified(context, id, verified);
  }

  @Mutation(() => ManagedUserView, { description: "E-mails the user a new verification link; the older ones stop working." })
  @RequireAuth(Role.ADMIN)
  async sendVerificationLink(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<ManagedUserView> {
    return userAdminOperations.sendVerificationLink(context, id);
  }

  @Mutation(() => ManagedUserView, { description: "E-mails the user a password reset link (one hour, single use)." })
  @RequireAuth(Role.ADMIN)
  async sendPasswordReset(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<ManagedUserView> {
    return userAdminOperations.sendPasswordReset(context, id);
  }
}
