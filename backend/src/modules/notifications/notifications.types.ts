import { Field, ObjectType, registerEnumType } from "type-graphql";
import { NotificationKind } from "./notification-kinds";
import type { NotificationSetting } from "./notifications.service";

registerEnumType(NotificationKind, { name: "NotificationKind", description: "An e-mail a user gets about their own sites, campaigns, creatives, payouts or balance." });

@ObjectType("NotificationSetting")
export class NotificationSettingView {
  @Field(() => NotificationKind) kind: NotificationKind;
  @Field({ description: "How Settings names it." }) label: string;
  @Field() enabled: boolean;

  static from(setting: NotificationSetting): NotificationSettingView {
    return Object.assign(new NotificationSettingView(), setting);
  }
}
