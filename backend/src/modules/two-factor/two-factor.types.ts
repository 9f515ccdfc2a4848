import { Field, InputType, Int, ObjectType } from "type-graphql";

@ObjectType("TwoFactorEnrolment", { description: "A new secret to add to an authenticator app; confirm it with a code." })
export class TwoFactorEnrolmentView {
  @Field({ description: "The secret as text, for apps that cannot scan." }) secret: string;
  @Field() otpauthUrl: string;
  @Field({ description: "The otpauth URL as a QR code, a PNG data URL." }) qrCodeDataUrl: string;
}

@ObjectType("TwoFactorStatus")
export class TwoFactorStatusView {
  @Field() enabled: boolean;
  @Field({ description: "Whether this account must use it (admins under ADMIN_2FA=required)." }) required: boolean;
  @Field(() => Int) recoveryCodesLeft: number;
}

@InputType()
export class DisableTwoFactorInput {
  @Field() password: string;
  @Field({ description: "A code from the authenticator, or a recovery code." }) code: string;
}
