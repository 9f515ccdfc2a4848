import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { actorOf, AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { ALL_ROLES } from "../../auth/roles";
import { NotificationKind } from "./notification-kinds";
import { NotificationSettingView } from "./notifications.types";

@Resolver()
export class NotificationsResolver {
  @Query(() => [NotificationSettingView], { description: "The e-mails the caller's role can get, each on unless turned off." })
  @RequireAuth(...ALL_ROLES)
  async notificationSettings(@Ctx() context: AppContext): Promise<NotificationSettingView[]> {
    return (await context.services.notifications.settings(actorOf(context))).map(NotificationSettingView.from);
  }

  @Mutation(() => [NotificationSettingView], { description: "Turns one kind of e-mail on or off for the caller." })
  @RequireAuth(...ALL_ROLES)
  async setNotificationEnabled(
    @Arg("kind", () => NotificationKind) kind: NotificationKind,
    @Arg("enabled") enabled: boolean,
    @Ctx() context: AppContext,
  ): Promise<NotificationSettingView[]> {
    return (await context.services.notifications.setEnabled(actorOf(context), kind, enabled)).map(NotificationSettingView.from);
  }
}
