import { Field, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../common/list-page.types";
import { Role } from "../../auth/roles";
import type { User } from "./user.entity";

@ObjectType("User", { description: "A user as others may see it: never a password or its hash." })
export class UserView {
  @Field(() => Int) id: number;
  @Field() email: string;
  @Field() fullName: string;
  @Field(() => Role) role: Role;
  @Field() createdAt: Date;

  static from(user: User): UserView {
    return Object.assign(new UserView(), {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      role: user.role,
      createdAt: user.createdAt,
    });
  }
}

@ObjectType()
export class AuthPayload {
  @Field() accessToken: string;
  @Field({ description: 'Always "bearer": send it as `Authorization: Bearer <accessToken>`.' }) tokenType: string;
  @Field(() => UserView) user: UserView;
}

@InputType()
export class RegisterInput {
  @Field() fullName: string;
  @Field() email: string;
  @Field() password: string;
  @Field(() => Role, { nullable: true, description: "PUBLISHER (the default) or ADVERTISER." }) role?: Role;
}

@InputType()
export class LoginInput {
  @Field() email: string;
  @Field() password: string;
}

@InputType()
export class UpdateProfileInput {
  @Field() fullName: string;
}

@InputType()
export class ChangePasswordInput {
  @Field() currentPassword: string;
  @Field() newPassword: string;
}

export function authPayload(session: { accessToken: string; user: User }): AuthPayload {
  return Object.assign(new AuthPayload(), { accessToken: session.accessToken, tokenType: "bearer", user: UserView.from(session.user) });
}

@ObjectType("PublisherAccount", { description: "A publisher as admins manage them." })
export class PublisherAccountView {
  @Field(() => Int) id: number;
  @Field() email: string;
  @Field() fullName: string;
  @Field(() => Int, { description: "Percent of what their impressions cost that the publisher is credited." }) revenueSharePercent: number;
  @Field({ description: "False while the network default applies." }) customRevenueShare: boolean;
  @Field() createdAt: Date;

  static from(user: User, revenueShareBps: number): PublisherAccountView {
    return Object.assign(new PublisherAccountView(), {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      revenueSharePercent: revenueShareBps / 100,
      customRevenueShare: user.revenueShareBps !== null,
      createdAt: user.createdAt,
    });
  }
}

export const PublisherPage = PageOf(PublisherAccountView, "PublisherPage");
