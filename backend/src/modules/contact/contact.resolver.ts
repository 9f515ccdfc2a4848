import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth, SkipAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { ListInput } from "../../common/list-page.types";
import type { Page } from "../../common/list-page";
import { ContactMessage, ContactMessageInput, ContactMessagePage } from "./contact.types";

@Resolver()
export class ContactResolver {
  @Mutation(() => ContactMessage, { description: "Sends a message to the network's team." })
  @SkipAuth()
  sendContactMessage(@Arg("input") input: ContactMessageInput, @Ctx() { services, ip }: AppContext): Promise<ContactMessage> {
    return services.contact.send(input, ip);
  }

  @Query(() => ContactMessagePage, { description: "Messages from the contact form, a page at a time, by the sender's name or e-mail." })
  @RequireAuth(Role.ADMIN)
  contactMessages(@Arg("input", () => ListInput, { nullable: true }) input: ListInput | undefined, @Ctx() { services }: AppContext): Promise<Page<ContactMessage>> {
    return services.contact.page(input);
  }
}
