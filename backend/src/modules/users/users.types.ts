import { Field, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { AccountStatus } from "./account-status";
import { SignInStep } from "./users.service";
import { PageOf } from "../../common/list-page.types";
import { Role } from "../../auth/roles";
import type { User } from "./user.entity";

@ObjectType("User", { description: "A user as others may see it: never a password or its hash." })
export class UserView {
  @Field(() => Int) id: number;
  @Field() email: string;
  @Field() fullName: string;
  @Field(() => Role) role: Role;
  @Field(() => AccountStatus, { description: "ACTIVE, PENDING_APPROVAL (waiting for an admin) or SUSPENDED." }) status: AccountStatus;
  @Field({ description: "Whether an admin checked the user's identity documents." }) identityVerified: boolean;
  @Field({ description: "Whether sign-in asks for a code from an authenticator app." }) twoFactorEnabled: boolean;
  @Field({ description: "An admin who must set up two-factor sign-in before anything else (ADMIN_2FA=required)." }) mustEnrolTwoFactor: boolean;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true, description: "The sign-in before the latest one: null on the account's first visit, which the dashboard greets as such." })
  previousSignInAt: Date | null;

  static from(user: User, mustEnrolTwoFactor = false): UserView {
    return Object.assign(new UserView(), {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      role: user.role,
      status: user.status,
      identityVerified: user.identityVerifiedAt !== null,
      twoFactorEnabled: user.twoFactorEnabledAt !== null,
      mustEnrolTwoFactor,
      createdAt: user.createdAt,
      previousSignInAt: user.previousLoginAt ?? null,
    });
  }
}

registerEnumType(SignInStep, {
  name: "SignInStep",
  description: "Where a sign-in stands",
  valuesConfig: {
    DONE: { description: "Signed in: use the access token." },
    TWO_FACTOR_CODE: { description: "Send completeTwoFactorSignIn the challenge token and a code from the authenticator (or a recovery code)." },
    TWO_FACTOR_ENROLMENT: { description: "Signed in, but an admin must set up two-factor sign-in before anything else." },
  },
});

@ObjectType()
export class AuthPayload {
  @Field(() => String, { nullable: true, description: "Null while a two-factor code is awaited (step TWO_FACTOR_CODE)." }) accessToken: string | null;
  @Field({ description: 'Always "bearer": send it as `Authorization: Bearer <accessToken>`.' }) tokenType: string;
  @Field(() => SignInStep) step: SignInStep;
  @Field(() => String, { nullable: true, description: "For step TWO_FACTOR_CODE: valid for 5 minutes." }) challengeToken: string | null;
  @Field(() => UserView) user: UserView;
}

@InputType()
export class TwoFactorSignInInput {
  @Field() challengeToken: string;
  @Field({ description: "The 6-digit code from the authenticator, or an unused recovery code." }) code: string;
}

@InputType()
export class RegisterInput {
  @Field() fullName: string;
  @Field() email: string;
  @Field() password: string;
  @Field(() => Role, { nullable: true, description: "PUBLISHER (the default) or ADVERTISER." }) role?: Role;
  @Field({ nullable: true, description: "Must be true: the person accepts the Terms of Service and the Privacy Policy of formOptions.legalVersions." })
  acceptTerms?: boolean;
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

export function authPayload(session: { accessToken: string | null; user: User; step: SignInStep; challengeToken?: string | null }): AuthPayload {
  return Object.assign(new AuthPayload(), {
    accessToken: session.accessToken,
    tokenType: "bearer",
    step: session.step,
    challengeToken: session.challengeToken ?? null,
    user: UserView.from(session.user, session.step === SignInStep.TWO_FACTOR_ENROLMENT),
  });
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
