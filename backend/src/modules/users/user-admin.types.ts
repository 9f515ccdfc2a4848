import { Field, InputType, Int, ObjectType } from "type-graphql";
import { ListInput, PageOf } from "../../common/list-page.types";
import { Role } from "../../auth/roles";
import { microsToDollars } from "../../common/money";
import { AccountStatus } from "./account-status";
import type { User } from "./user.entity";

@ObjectType("ManagedUser", { description: "An account as admins manage it in User Management." })
export class ManagedUserView {
  @Field(() => Int) id: number;
  @Field() email: string;
  @Field() fullName: string;
  @Field(() => Role) role: Role;
  @Field(() => AccountStatus) status: AccountStatus;
  @Field(() => String, { nullable: true, description: "What a suspended user is told." }) suspensionReason: string | null;
  @Field({ description: "Whether the user opened the link sent to their e-mail address." }) emailVerified: boolean;
  @Field() identityVerified: boolean;
  @Field(() => Date, { nullable: true }) identityVerifiedAt: Date | null;
  @Field() twoFactorEnabled: boolean;
  @Field(() => Date, { nullable: true }) lastLoginAt: Date | null;
  @Field() createdAt: Date;
  /** The account itself, for the fields of the user's page; not a field. */
  account: User;

  static from(user: User): ManagedUserView {
    const view = new ManagedUserView();
    // Not enumerable: the REST door presents a view's own keys, and the account holds more than admins need.
    Object.defineProperty(view, "account", { value: user, enumerable: false });
    return Object.assign(view, {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      role: user.role,
      status: user.status,
      suspensionReason: user.suspensionReason,
      emailVerified: user.emailVerifiedAt !== null,
      identityVerified: user.identityVerifiedAt !== null,
      identityVerifiedAt: user.identityVerifiedAt,
      twoFactorEnabled: user.twoFactorEnabledAt !== null,
      lastLoginAt: user.lastLoginAt,
      createdAt: user.createdAt,
    });
  }
}

/** An advertiser's balance in dollars, or null for an account of another role. */
export const advertiserBalanceOf = (micros: number | null) => (micros === null ? null : microsToDollars(micros));

export const ManagedUserPage = PageOf(ManagedUserView, "ManagedUserPage");

@InputType()
export class UserListInput extends ListInput {
  @Field(() => Role, { nullable: true, description: "Only accounts of this role." }) role?: Role | null;
  @Field(() => AccountStatus, { nullable: true, description: "Only accounts of this status." }) status?: AccountStatus | null;
}
