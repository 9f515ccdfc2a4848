import { Arg, Ctx, Query, Resolver } from "type-graphql";
import { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { mapPage, type Page } from "../../common/list-page";
import { MailListInput, MailMessagePage, MailMessageView, MailSettingsView } from "./mail.types";

@Resolver()
export class MailResolver {
  @Query(() => MailMessagePage, { description: "Every e-mail sent or kept in the outbox, newest first, by recipient or subject and by status." })
  @RequireAuth(Role.ADMIN)
  async mailOutbox(@Arg("input", () => MailListInput, { nullable: true }) input: MailListInput | undefined, @Ctx() { services }: AppContext): Promise<Page<MailMessageView>> {
    return mapPage(await services.mailer.page(input), MailMessageView.from);
  }

  @Query(() => MailSettingsView, { description: "How this server sends e-mail." })
  @RequireAuth(Role.ADMIN)
  mailSettings(@Ctx() { services }: AppContext): MailSettingsView {
    return Object.assign(new MailSettingsView(), { mode: services.mailer.mode.toUpperCase() });
  }
}
