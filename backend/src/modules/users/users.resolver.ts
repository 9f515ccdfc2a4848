import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import { actorOf, AppContext } from "../../auth/context";
import { RequireAuth, SkipAuth } from "../../auth/require-auth";
import { ALL_ROLES, Role } from "../../auth/roles";
import { authPayload, AuthPayload, ChangePasswordInput, LoginInput, RegisterInput, PublisherAccountView, UpdateProfileInput, UserView } from "./users.types";

@Resolver()
export class UsersResolver {
  @Query(() => UserView, { description: "The signed-in user." })
  @RequireAuth(...ALL_ROLES)
  me(@Ctx() context: AppContext): UserView {
    return UserView.from(actorOf(context));
  }

  @Mutation(() => UserView)
  @SkipAuth()
  async register(@Arg("input") input: RegisterInput, @Ctx() { services }: AppContext): Promise<UserView> {
    return UserView.from(await services.users.register(input));
  }

  @Mutation(() => AuthPayload)
  @SkipAuth()
  async login(@Arg("input") input: LoginInput, @Ctx() { services, ip }: AppContext): Promise<AuthPayload> {
    return authPayload(await services.users.login(input, ip));
  }

  @Mutation(() => UserView)
  @RequireAuth(...ALL_ROLES)
  async updateProfile(@Arg("input") input: UpdateProfileInput, @Ctx() context: AppContext): Promise<UserView> {
    return UserView.from(await context.services.users.updateProfile(actorOf(context), input));
  }

  @Mutation(() => AuthPayload, { description: "Every earlier token stops working; use the one returned." })
  @RequireAuth(...ALL_ROLES)
  async changePassword(@Arg("input") input: ChangePasswordInput, @Ctx() context: AppContext): Promise<AuthPayload> {
    return authPayload(await context.services.users.changePassword(actorOf(context), input));
  }

  @Query(() => [PublisherAccountView], { description: "Every publisher with their revenue share, newest first." })
  @RequireAuth(Role.ADMIN)
  async publishers(@Ctx() { services }: AppContext): Promise<PublisherAccountView[]> {
    const publishers = await services.users.listPublishers();
    return publishers.map((publisher) => PublisherAccountView.from(publisher, services.users.revenueShareBps(publisher)));
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
