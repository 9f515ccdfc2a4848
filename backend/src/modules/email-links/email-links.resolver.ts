import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { actorOf, AppContext } from "../../auth/context";
import { RequireAuth, SkipAuth } from "../../auth/require-auth";
import { ALL_ROLES } from "../../auth/roles";
import { emailLinkOperations } from "./email-links.operations";
import { ChangeEmailInput, EmailStatusView, ResetPasswordInput } from "./email-links.types";

@Resolver()
export class EmailLinksResolver {
  @Query(() => EmailStatusView, { description: "Whether the caller's address is verified, and any change of address waiting for its link." })
  @RequireAuth(...ALL_ROLES)
  async myEmailStatus(@Ctx() context: AppContext): Promise<EmailStatusView> {
    return emailLinkOperations.myEmailStatus(context);
  }

  @Mutation(() => EmailStatusView, { description: "Opens the link of a verification or change-of-address e-mail: single use, valid 24 hours." })
  @SkipAuth()
  async verifyEmail(@Arg("token") token: string, @Ctx() context: AppContext): Promise<EmailStatusView> {
    return emailLinkOperations.verifyEmail(context, token);
  }

  @Mutation(() => Boolean, { description: "Sends the caller a new verification link; earlier links stop working." })
  @RequireAuth(...ALL_ROLES)
  async resendVerificationEmail(@Ctx() context: AppContext): Promise<boolean> {
    await context.services.emailLinks.resendVerification(actorOf(context));
    return true;
  }

  @Mutation(() => Boolean, {
    description: "Sends a password reset link (single use, valid one hour) if the address has an account. Answers true either way.",
  })
  @SkipAuth()
  async forgotPassword(@Arg("email") email: string, @Ctx() { services, ip }: AppContext): Promise<boolean> {
    await services.emailLinks.forgotPassword(email, ip);
    return true;
  }

  @Mutation(() => Boolean, { description: "Sets a new password from a reset link and ends every session of the account: sign in again." })
  @SkipAuth()
  async resetPassword(@Arg("input") input: ResetPasswordInput, @Ctx() { services, ip }: AppContext): Promise<boolean> {
    await services.emailLinks.resetPassword(input, ip);
    return true;
  }

  @Mutation(() => EmailStatusView, { description: "Sends a link to the new address; the account keeps its address until the link is opened." })
  @RequireAuth(...ALL_ROLES)
  async requestEmailChange(@Arg("input") input: ChangeEmailInput, @Ctx() context: AppContext): Promise<EmailStatusView> {
    return emailLinkOperations.requestEmailChange(context, input);
  }
}
