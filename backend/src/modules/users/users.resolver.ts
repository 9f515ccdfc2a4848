import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import { actorOf, AppContext, sessionIdOf } from "../../auth/context";
import { RequireAuth, RequireSignIn, SkipAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { mapPage, type Page } from "../../common/list-page";
import { ListInput } from "../../common/list-page.types";
import { userOperations } from "./users.operations";
import { authPayload, AuthPayload, ChangePasswordInput, LoginInput, RegisterInput, PublisherAccountView, PublisherPage, UpdateProfileInput, UserView } from "./users.types";

@Resolver()
export class UsersResolver {
  @Query(() => UserView, { description: "The signed-in user." })
  @RequireSignIn()
  me(@Ctx() context: AppContext): UserView {
    return userOperations.me(context);
  }

  @Mutation(() => AuthPayload, { description: "Creates the account and signs it in, as login does." })
  @SkipAuth()
  async register(@Arg("input") input: RegisterInput, @Ctx() context: AppContext): Promise<AuthPayload> {
    return userOperations.register(context, input);
  }

  @Mutation(() => AuthPayload)
  @SkipAuth()
  async login(@Arg("input") input: LoginInput, @Ctx() context: AppContext): Promise<AuthPayload> {
    return userOperations.login(context, input);
  }

  @Mutation(() => Boolean, { description: "Ends the caller's session: this token stops working, the user's other sessions go on." })
  @RequireSignIn()
  async logout(@Ctx() context: AppContext): Promise<boolean> {
    await context.services.users.logout(sessionIdOf(context));
    return true;
  }

  @Mutation(() => UserView)
  @RequireSignIn()
  async updateProfile(@Arg("input") input: UpdateProfileInput, @Ctx() context: AppContext): Promise<UserView> {
    return UserView.from(await context.services.users.updateProfile(actorOf(context), input));
  }

  @Mutation(() => AuthPayload, { description: "Every earlier token stops working; use the one returned." })
  @RequireSignIn()
  async changePassword(@Arg("input") input: ChangePasswordInput, @Ctx() context: AppContext): Promise<AuthPayload> {
    return authPayload(await context.services.users.changePassword(actorOf(context), input, context.ip));
  }

  @Query(() => PublisherPage, { description: "Publishers with their revenue share, a page at a time, by name or e-mail." })
  @RequireAuth(Role.ADMIN)
  async publishers(@Arg("input", () => ListInput, { nullable: true }) input: ListInput | undefined, @Ctx() { services }: AppContext): Promise<Page<PublisherAccountView>> {
    return mapPage(await services.users.publisherPage(input), (publisher) => PublisherAccountView.from(publisher, services.users.revenueShareBps(publisher)));
  }

  @Mutation(() => PublisherAccountView, { description: "Sets a publisher's revenue share: a whole percent from 1 to 85." })
  @RequireAuth(Role.ADMIN)
  async setRevenueShare(
    @Arg("publisherId", () => Int) publisherId: number,
    @Arg("percent", () => Int) percent: number,
    @Ctx() { services }: AppContext,
  ): Promise<PublisherAccountView> {
    const publisher = await services.users.setRevenueShare(publisherId, percent);
    return PublisherAccountView.from(publisher, services.users.revenueShareBps(publisher));
  }
}
