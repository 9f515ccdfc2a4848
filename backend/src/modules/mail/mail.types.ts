import { Field, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { ListInput, PageOf } from "../../common/list-page.types";
import { MailMessage, MailStatus } from "./mail-message.entity";

registerEnumType(MailStatus, { name: "MailStatus" });

@ObjectType("MailMessage", { description: "An e-mail the product sent, or keeps in the outbox when no SMTP server is configured." })
export class MailMessageView {
  @Field(() => Int) id: number;
  @Field() recipient: string;
  @Field() subject: string;
  @Field({ description: "What it is about: verify_email, password_reset, site_approved..." }) kind: string;
  @Field(() => MailStatus) status: MailStatus;
  @Field(() => Int) attempts: number;
  @Field(() => String, { nullable: true }) lastError: string | null;
  @Field(() => String, { nullable: true, description: "The plain-text body; kept only until the message is sent over SMTP." }) text: string | null;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true }) sentAt: Date | null;

  static from(message: MailMessage): MailMessageView {
    const { id, recipient, subject, kind, status, attempts, lastError, text, createdAt, sentAt } = message;
    return Object.assign(new MailMessageView(), { id, recipient, subject, kind, status, attempts, lastError, text, createdAt, sentAt });
  }
}

@InputType()
export class MailListInput extends ListInput {
  @Field(() => MailStatus, { nullable: true }) status?: MailStatus | null;
}

export const MailMessagePage = PageOf(MailMessageView, "MailMessagePage");

@ObjectType("MailSettings")
export class MailSettingsView {
  @Field({ description: "SMTP when SMTP_URL is set; OUTBOX keeps every message here for the admins to read." }) mode: string;
}
