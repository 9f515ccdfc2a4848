import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth, SkipAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { ContactMessage, ContactMessageInput } from "./contact.types";

@Resolver()
export class ContactResolver {
  @Mutation(() => ContactMessage, { description: "Sends a message to the network's team." })
  @SkipAuth()
  sendContactMessage(@Arg("input") input: ContactMessageInput, @Ctx() { services, ip }: AppContext): Promise<ContactMessage> {
    return services.contact.send(input, ip);
  }

  @Query(() => [ContactMessage], { description: "Messages from the contact form, newest first." })
  @RequireAuth(Role.ADMIN)
  contactMessages(@Ctx() { services }: AppContext): Promise<ContactMessage[]> {
    return services.contact.list();
  }
}
