import { Field, Float, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { ListInput, PageOf } from "../../common/list-page.types";
import { microsToDollars } from "../../common/money";
import { Payout, PayoutStatus } from "./payout.entity";
import { MINIMUM_PAYOUT_MICROS, PublisherBalance } from "./payouts.service";

registerEnumType(PayoutStatus, { name: "PayoutStatus" });

@ObjectType("Payout", { description: "Amounts are US dollars." })
export class PayoutView {
  @Field(() => Int) id: number;
  @Field(() => Int) publisherId: number;
  @Field(() => Float) amount: number;
  @Field(() => PayoutStatus) status: PayoutStatus;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true }) paidAt: Date | null;

  static from(payout: Payout): PayoutView {
    return Object.assign(new PayoutView(), {
      id: payout.id,
      publisherId: payout.publisherId,
      amount: microsToDollars(payout.amountMicros),
      status: payout.status,
      createdAt: payout.createdAt,
      paidAt: payout.paidAt,
    });
  }
}

@ObjectType("PublisherBalance", { description: "Amounts are US dollars." })
export class PublisherBalanceView {
  @Field(() => Float, { description: "All revenue ever earned." }) earned: number;
  @Field(() => Float, { description: "What can be requested now: earnings less every payout requested." }) available: number;
  @Field(() => Float, { description: "Requested and not yet paid." }) requested: number;
  @Field(() => Float) paid: number;
  @Field(() => Float) minimumPayout: number;
  @Field({ description: "Whether a payout can be requested now." }) canRequestPayout: boolean;

  static from(balance: PublisherBalance): PublisherBalanceView {
    return Object.assign(new PublisherBalanceView(), {
      earned: microsToDollars(balance.earnedMicros),
      available: microsToDollars(balance.availableMicros),
      requested: microsToDollars(balance.requestedMicros),
      paid: microsToDollars(balance.paidMicros),
      minimumPayout: microsToDollars(MINIMUM_PAYOUT_MICROS),
      canRequestPayout: balance.availableMicros >= MINIMUM_PAYOUT_MICROS,
    });
  }
}

@InputType()
export class PayoutListInput extends ListInput {
  @Field(() => PayoutStatus, { nullable: true, description: "Only rows of this status; every status when left out." }) status?: PayoutStatus | null;
}

export const PayoutPage = PageOf(PayoutView, "PayoutPage");
