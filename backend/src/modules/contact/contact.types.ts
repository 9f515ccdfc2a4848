import { Field, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../common/list-page.types";
import { CONTACT_SUBJECTS } from "./contact-message.entity";

@ObjectType()
export class ContactMessage {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() email: string;
  @Field({ description: `One of ${CONTACT_SUBJECTS.join(", ")}.` }) subject: string;
  @Field() message: string;
  @Field() createdAt: Date;
}

@InputType()
export class ContactMessageInput {
  @Field() name: string;
  @Field() email: string;
  @Field({ nullable: true, description: `One of ${CONTACT_SUBJECTS.join(", ")}; general when left out.` }) subject?: string;
  @Field() message: string;
}

export const ContactMessagePage = PageOf(ContactMessage, "ContactMessagePage");
