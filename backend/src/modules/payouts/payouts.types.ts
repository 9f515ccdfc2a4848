import { Field, Float, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { ListInput, PageOf } from "../../common/list-page.types";
import { microsToDollars } from "../../common/money";
import { MAX_LENGTH } from "../../common/text-limits";
import { maskedAccount, PAYOUT_METHOD_LABELS, PayoutMethodType } from "./payout-method";
import { Payout, PayoutStatus } from "./payout.entity";
import { MINIMUM_PAYOUT_MICROS, NET_DAYS, PayoutMethodSummary, PublisherBalance } from "./payouts.service";

registerEnumType(PayoutStatus, { name: "PayoutStatus" });

/** What an admin does to a payout, one mutation each. */
export enum PayoutAction {
  MARK_PAID = "markPaid",
}

registerEnumType(PayoutAction, { name: "PayoutAction", description: "What a person may do to a payout, one mutation each." });
registerEnumType(PayoutMethodType, { name: "PayoutMethodType", description: "The spec's payout methods: bank transfer (IBAN and BIC), PayPal, wire." });

@ObjectType("PayoutMethod", { description: "A payout method, masked: enough to recognise the account, never to use it." })
export class PayoutMethodView {
  @Field(() => PayoutMethodType) type: PayoutMethodType;
  @Field({ description: "The method's name for people, e.g. PayPal." }) label: string;
  @Field({ description: "The account masked, e.g. DE89 **** **** 3000." }) masked: string;
  @Field(() => String, { nullable: true }) accountHolder: string | null;
  @Field(() => Date, { nullable: true }) updatedAt: Date | null;

  static from(summary: PayoutMethodSummary): PayoutMethodView {
    return Object.assign(new PayoutMethodView(), { ...summary, label: PAYOUT_METHOD_LABELS[summary.type] });
  }
}

@ObjectType("Payout", { description: "Amounts are US dollars." })
export class PayoutView {
  @Field(() => Int) id: number;
  @Field(() => Int) publisherId: number;
  @Field(() => Float) amount: number;
  @Field(() => PayoutStatus) status: PayoutStatus;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true }) paidAt: Date | null;
  @Field(() => PayoutMethodView, { nullable: true, description: "Where the payout goes: the method on file when it was requested, masked." }) method: PayoutMethodView | null;
  @Field(() => PayoutMethodType, { nullable: true, description: "How it was paid." }) paidMethod: PayoutMethodType | null;
  @Field(() => String, { nullable: true, description: "The transfer's reference, given when it was marked paid." }) paidReference: string | null;

  static from(payout: Payout): PayoutView {
    return Object.assign(new PayoutView(), {
      id: payout.id,
      publisherId: payout.publisherId,
      amount: microsToDollars(payout.amountMicros),
      status: payout.status,
      createdAt: payout.createdAt,
      paidAt: payout.paidAt,
      method:
        payout.methodType && payout.methodDetails
          ? PayoutMethodView.from({ type: payout.methodType, masked: maskedAccount(payout.methodType, payout.methodDetails), accountHolder: payout.methodDetails.accountHolder ?? null, updatedAt: null })
          : null,
      paidMethod: payout.paidMethod,
      paidReference: payout.paidReference,
    });
  }
}

@ObjectType("PublisherBalance", { description: `Amounts are US dollars. A month's earnings become payable ${NET_DAYS} days after the month ends (Net-${NET_DAYS}).` })
export class PublisherBalanceView {
  @Field(() => Float, { description: "All revenue ever earned." }) earned: number;
  @Field(() => Float, { description: `Earned in months whose ${NET_DAYS} days have not passed: not payable yet.` }) pending: number;
  @Field(() => Float, { description: "What can be requested now: matured earnings less every payout requested." }) payable: number;
  @Field(() => Float, { description: "The same as payable (kept for earlier clients)." }) available: number;
  @Field(() => Float, { description: "Requested and not yet paid." }) requested: number;
  @Field(() => Float) paid: number;
  @Field(() => Float) minimumPayout: number;
  @Field(() => Date, { nullable: true, description: "When the oldest pending month becomes payable." }) nextPayableAt: Date | null;
  @Field(() => Float, { description: "What that month brings." }) nextPayable: number;
  @Field({ description: "Whether a payout method is on file." }) hasPayoutMethod: boolean;
  @Field({ description: "Whether a payout can be requested now: at least the minimum payable, a method on file and no request waiting." }) canRequestPayout: boolean;

  static from(balance: PublisherBalance): PublisherBalanceView {
    return Object.assign(new PublisherBalanceView(), {
      earned: microsToDollars(balance.earnedMicros),
      pending: microsToDollars(balance.pendingMicros),
      payable: microsToDollars(balance.payableMicros),
      available: microsToDollars(balance.payableMicros),
      requested: microsToDollars(balance.requestedMicros),
      paid: microsToDollars(balance.paidMicros),
      minimumPayout: microsToDollars(MINIMUM_PAYOUT_MICROS),
      nextPayableAt: balance.nextPayableAt,
      nextPayable: microsToDollars(balance.nextPayableMicros),
      hasPayoutMethod: balance.hasMethod,
      canRequestPayout: balance.payableMicros >= MINIMUM_PAYOUT_MICROS && balance.hasMethod && !balance.hasOpenRequest,
    });
  }
}

@InputType({ description: "A payout method: `type` and the fields of that type (bank transfer: accountHolder, iban, bic; PayPal: paypalEmail; wire: accountHolder, accountNumber, routingNumber (optional), bic, bankName, bankAddress)." })
export class PayoutMethodInput {
  @Field(() => PayoutMethodType) type: PayoutMethodType;
  @Field(() => String, { nullable: true }) accountHolder?: string | null;
  @Field(() => String, { nullable: true, description: "Checked for its country's length and its mod-97 check digits." }) iban?: string | null;
  @Field(() => String, { nullable: true, description: "8 or 11 characters." }) bic?: string | null;
  @Field(() => String, { nullable: true }) paypalEmail?: string | null;
  @Field(() => String, { nullable: true }) accountNumber?: string | null;
  @Field(() => String, { nullable: true }) routingNumber?: string | null;
  @Field(() => String, { nullable: true }) bankName?: string | null;
  @Field(() => String, { nullable: true }) bankAddress?: string | null;
}

@InputType()
export class MarkPayoutPaidInput {
  @Field(() => PayoutMethodType, { nullable: true, description: "How it was paid; the method it was requested to when left out." }) method?: PayoutMethodType | null;
  @Field({ description: `The transfer's reference at the bank or PayPal, at most ${MAX_LENGTH.reference} characters.` }) reference: string;
}

@InputType()
export class PayoutListInput extends ListInput {
  @Field(() => PayoutStatus, { nullable: true, description: "Only rows of this status; every status when left out." }) status?: PayoutStatus | null;
}

export const PayoutPage = PageOf(PayoutView, "PayoutPage");
