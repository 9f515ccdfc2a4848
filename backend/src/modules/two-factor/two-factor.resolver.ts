import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { actorOf, type AppContext } from "../../auth/context";
import { RequireSignIn, SkipAuth } from "../../auth/require-auth";
import { userOperations } from "../users/users.operations";
import { AuthPayload, TwoFactorSignInInput } from "../users/users.types";
import { DisableTwoFactorInput, TwoFactorEnrolmentView, TwoFactorStatusView } from "./two-factor.types";

/** Two-factor sign-in: open to an admin who must still enrol, and to every user for their own account. */
@Resolver()
export class TwoFactorResolver {
  @Query(() => TwoFactorStatusView)
  @RequireSignIn()
  async twoFactorStatus(@Ctx() context: AppContext): Promise<TwoFactorStatusView> {
    const user = actorOf(context);
    const { twoFactor } = context.services;
    return Object.assign(new TwoFactorStatusView(), {
      enabled: user.twoFactorEnabledAt !== null,
      required: twoFactor.isRequiredFor(user),
      recoveryCodesLeft: user.twoFactorEnabledAt ? await twoFactor.recoveryCodesLeft(user.id) : 0,
    });
  }

  @Mutation(() => TwoFactorEnrolmentView, { description: "Starts enrolment: a new secret, as a QR code and as text." })
  @RequireSignIn()
  async beginTwoFactorEnrolment(@Ctx() context: AppContext): Promise<TwoFactorEnrolmentView> {
    return Object.assign(new TwoFactorEnrolmentView(), await context.services.twoFactor.beginEnrolment(actorOf(context)));
  }

  @Mutation(() => [String], { description: "Turns two-factor sign-in on with a code from the new secret; answers 10 single-use recovery codes, shown this once." })
  @RequireSignIn()
  async confirmTwoFactorEnrolment(@Arg("code") code: string, @Ctx() context: AppContext): Promise<string[]> {
    return context.services.twoFactor.confirmEnrolment(actorOf(context), code);
  }

  @Mutation(() => Boolean, { description: "Turns two-factor sign-in off; needs the password and a code. Admins who must use it cannot." })
  @RequireSignIn()
  async disableTwoFactor(@Arg("input") input: DisableTwoFactorInput, @Ctx() context: AppContext): Promise<boolean> {
    await context.services.twoFactor.disable(actorOf(context), input);
    return true;
  }

  @Mutation(() => AuthPayload, { description: "The second step of a sign-in with two-factor on: the challenge token and a code." })
  @SkipAuth()
  async completeTwoFactorSignIn(@Arg("input") input: TwoFactorSignInInput, @Ctx() context: AppContext): Promise<AuthPayload> {
    return userOperations.completeTwoFactorSignIn(context, input);
  }
}
