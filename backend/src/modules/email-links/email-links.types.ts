import { Field, InputType, ObjectType } from "type-graphql";
import type { EmailStatus } from "./email-links.service";

@ObjectType("EmailStatus", { description: "The signed-in user's address: whether it is verified, and a change waiting for its link." })
export class EmailStatusView {
  @Field() email: string;
  @Field({ description: "False until the link sent to the address is opened: sites, campaigns and payout requests wait for it." }) verified: boolean;
  @Field(() => String, { nullable: true, description: "The new address a link was sent to; the account keeps `email` until it is opened." })
  pendingEmail: string | null;
  @Field(() => String, { nullable: true, description: 'What the caller cannot do until the address is verified, to follow "you cannot": null once it is.' })
  untilVerified: string | null;

  static from(status: EmailStatus): EmailStatusView {
    return Object.assign(new EmailStatusView(), status);
  }
}

@InputType()
export class ResetPasswordInput {
  @Field({ description: "The token of the link in the e-mail." }) token: string;
  @Field() newPassword: string;
}

@InputType()
export class ChangeEmailInput {
  @Field() newEmail: string;
  @Field() currentPassword: string;
}
