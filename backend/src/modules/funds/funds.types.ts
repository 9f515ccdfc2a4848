import { Field, Float, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { Role } from "../../auth/roles";
import type { BankDetails } from "../../config";
import { ListInput, PageOf } from "../../common/list-page.types";
import { microsToDollars } from "../../common/money";
import { DepositRequest, DepositStatus } from "./deposit-request.entity";
import { DEPOSIT_MOVES, type DepositMove, depositMovesFor } from "./deposit-lifecycle";
import type { CampaignFunds, FinanceMonth, FundsSummary } from "./funds.service";

registerEnumType(DepositStatus, { name: "DepositStatus" });

/** The lifecycle's moves as GraphQL names them: RECORD, CANCEL. */
const DepositAction = Object.fromEntries(Object.keys(DEPOSIT_MOVES).map((move) => [move.toUpperCase(), move])) as Record<Uppercase<DepositMove>, DepositMove>;
registerEnumType(DepositAction, { name: "DepositAction", description: "A move on a deposit request: an admin records the transfer, the advertiser cancels it." });

@ObjectType("DepositRequest", { description: "A bank transfer an advertiser announced, found by its payment reference. Amounts are US dollars." })
export class DepositRequestView {
  @Field(() => Int) id: number;
  @Field(() => Int) advertiserId: number;
  @Field({ description: "What the advertiser writes on the transfer, such as ADN-7KQ4-M2XP." }) reference: string;
  @Field(() => Float, { description: "The amount the advertiser announced." }) amount: number;
  @Field(() => DepositStatus) status: DepositStatus;
  @Field(() => Float, { nullable: true, description: "What arrived, once an admin recorded it; the amount announced is kept beside it." }) received: number | null;
  @Field(() => String, { nullable: true, description: "The admin's note on the transfer received." }) note: string | null;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true }) receivedAt: Date | null;
  @Field(() => Date, { nullable: true }) cancelledAt: Date | null;
  @Field(() => String, { nullable: true, description: "The advertiser's e-mail (admins' list only)." }) advertiserEmail: string | null;
  @Field(() => [DepositAction], { description: "What the reader may do with this request now; a button for each." }) actions: DepositMove[];

  /** Seen by `reader`: the moves served are theirs. */
  static from(request: DepositRequest, reader: Role): DepositRequestView {
    return Object.assign(new DepositRequestView(), {
      id: request.id,
      advertiserId: request.advertiserId,
      reference: request.reference,
      amount: microsToDollars(request.amountMicros),
      status: request.status,
      received: request.receivedMicros === null ? null : microsToDollars(request.receivedMicros),
      note: request.receivedNote,
      createdAt: request.createdAt,
      receivedAt: request.receivedAt,
      cancelledAt: request.cancelledAt,
      advertiserEmail: request.advertiser?.email ?? null,
      actions: depositMovesFor(request.status, reader),
    });
  }
}

@ObjectType("BankDetails", { description: "The network's account that advertisers pay into." })
export class BankDetailsView {
  @Field() accountName: string;
  @Field() bankName: string;
  @Field() iban: string;
  @Field() bic: string;
}

@ObjectType("PaymentMethod", { description: "A way to add funds, and whether it is open on this network." })
export class PaymentMethodView {
  @Field({ description: "bank_transfer or card." }) method: string;
  @Field() label: string;
  @Field() available: boolean;
  @Field({ description: "Why it is not available, or how it works." }) note: string;
}

@ObjectType("CampaignFunds", { description: "One campaign measured against its advertiser's funds, which all their campaigns share. Amounts are US dollars." })
export class CampaignFundsView {
  @Field(() => Int) campaignId: number;
  @Field() name: string;
  @Field(() => Float, { description: "Its budget less what it has spent." }) budgetLeft: number;
  @Field(() => Float, { description: "What it can spend from what is available now: its budget left, at most what is available." }) spendableNow: number;
  @Field(() => Float, { description: "What it could spend once the pending transfers are recorded." }) spendableOnceRecorded: number;

  static from(campaign: CampaignFunds): CampaignFundsView {
    return Object.assign(new CampaignFundsView(), {
      campaignId: campaign.campaignId,
      name: campaign.name,
      budgetLeft: microsToDollars(campaign.budgetLeftMicros),
      spendableNow: microsToDollars(campaign.spendableNowMicros),
      spendableOnceRecorded: microsToDollars(campaign.spendableOnceRecordedMicros),
    });
  }
}

@ObjectType("AdvertiserFunds", { description: "An advertiser's account. Amounts are US dollars." })
export class AdvertiserFundsView {
  @Field(() => Float, { description: "Deposits and credits less spend." }) balance: number;
  @Field(() => Float, { description: "What campaigns may still spend: the balance plus the credit limit." }) available: number;
  @Field(() => Float) deposits: number;
  @Field(() => Float, { description: "Promotional credit granted by the network." }) credits: number;
  @Field(() => Float, { description: "All spend ever." }) spent: number;
  @Field(() => Float, { description: "How far below zero the balance may go (postpaid, invoiced)." }) creditLimit: number;
  @Field(() => Float) spendLast30Days: number;
  @Field(() => Int, { nullable: true, description: "Whole days the available funds last at the last 30 days' rate; null when that spend is too small to tell." })
  daysLeft: number | null;
  @Field(() => String, { nullable: true, description: "Why daysLeft is null, as a sentence to show; null when it is a number." }) daysLeftNote: string | null;
  @Field({ description: "Nothing available, or less than a week's spend at the current rate." }) lowBalance: boolean;
  @Field(() => Int, { description: "Campaigns that would deliver now but for want of funds; 0 while anything is available." }) waitingOnFunds: number;
  @Field(() => Float, { description: "Transfers announced and not yet recorded: spendable once an admin records them." }) pendingDeposits: number;
  @Field(() => Float, { description: "What the campaigns that may still deliver (in review, active or paused; not archived) have left of their budgets, together." })
  campaignBudgetsLeft: number;
  @Field(() => [CampaignFundsView], { description: "Each campaign that may still deliver, newest first, with what it can spend." }) campaigns: CampaignFundsView[];
  @Field(() => Float, { description: "The smallest deposit that can be announced." }) minDeposit: number;
  @Field(() => BankDetailsView, { nullable: true, description: "Null when bank transfers are not offered." }) bank: BankDetailsView | null;
  @Field(() => [PaymentMethodView]) paymentMethods: PaymentMethodView[];
  @Field(() => [DepositRequestView], { description: "The latest deposit requests, newest first." }) requests: DepositRequestView[];
  @Field(() => String, { nullable: true, description: "The postal address invoices are made out to; null until given." }) billingAddress: string | null;

  static from(summary: FundsSummary, minDepositMicros: number, bank: BankDetails | null): AdvertiserFundsView {
    const dollars = microsToDollars;
    return Object.assign(new AdvertiserFundsView(), {
      balance: dollars(summary.balanceMicros),
      available: dollars(summary.availableMicros),
      deposits: dollars(summary.depositsMicros),
      credits: dollars(summary.creditsMicros),
      spent: dollars(summary.spentMicros),
      creditLimit: dollars(summary.creditLimitMicros),
      spendLast30Days: dollars(summary.spendLast30DaysMicros),
      daysLeft: summary.daysLeft,
      daysLeftNote: summary.daysLeftNote,
      lowBalance: summary.lowBalance,
      waitingOnFunds: summary.waitingOnFunds,
      pendingDeposits: dollars(summary.pendingDepositsMicros),
      campaignBudgetsLeft: dollars(summary.campaignBudgetsLeftMicros),
      campaigns: summary.campaigns.map(CampaignFundsView.from),
      minDeposit: dollars(minDepositMicros),
      bank: bank ? Object.assign(new BankDetailsView(), bank) : null,
      paymentMethods: paymentMethods(bank !== null),
      requests: summary.requests.map((request) => DepositRequestView.from(request, Role.ADVERTISER)),
      billingAddress: summary.billingAddress,
    });
  }
}

export function paymentMethods(bankOpen: boolean): PaymentMethodView[] {
  const method = (fields: PaymentMethodView) => Object.assign(new PaymentMethodView(), fields);
  return [
    method({
      method: "bank_transfer",
      label: "Bank transfer",
      available: bankOpen,
      note: bankOpen ? "Send the amount with your payment reference; the balance moves once the network records it." : "Not configured on this network yet.",
    }),
    method({ method: "card", label: "Credit card", available: false, note: "Needs a payment provider, not available yet." }),
  ];
}

@ObjectType("FinanceMonth", { description: "The network's money in one month of the reporting time zone. Amounts are US dollars." })
export class FinanceMonthView {
  @Field({ description: "YYYY-MM." }) month: string;
  @Field(() => Float) deposits: number;
  @Field(() => Float, { description: "Promotional credit granted." }) credits: number;
  @Field(() => Float) spend: number;
  @Field(() => Float) publisherEarnings: number;
  @Field(() => Float, { description: "Spend less publisher earnings less promotional credit." }) margin: number;
  @Field(() => Float, { description: "Payouts paid in the month (requests count once paid)." }) payouts: number;
  @Field(() => Float, { description: "At the month's end: earnings not yet requested as payouts." }) owedToPublishers: number;
  @Field(() => Float, { description: "At the month's end: deposits and credits not yet spent." }) heldForAdvertisers: number;
  @Field(() => Float, { description: "At the month's end: payouts requested and not yet paid." }) awaitingPayout: number;

  static from(month: FinanceMonth): FinanceMonthView {
    const dollars = microsToDollars;
    return Object.assign(new FinanceMonthView(), {
      month: month.month,
      deposits: dollars(month.depositsMicros),
      credits: dollars(month.creditsMicros),
      spend: dollars(month.spendMicros),
      publisherEarnings: dollars(month.publisherEarningsMicros),
      margin: dollars(month.marginMicros),
      payouts: dollars(month.payoutsMicros),
      owedToPublishers: dollars(month.owedToPublishersMicros),
      heldForAdvertisers: dollars(month.heldForAdvertisersMicros),
      awaitingPayout: dollars(month.awaitingPayoutMicros),
    });
  }
}

@InputType()
export class RecordDepositInput {
  @Field({ description: "The payment reference on the transfer; case, spaces and dashes do not matter." }) reference: string;
  @Field(() => Float, { description: "The amount that arrived, which may differ from the one announced." }) amount: number;
  @Field(() => String, { nullable: true, description: "A note kept with the deposit and e-mailed to the advertiser, such as why less arrived." }) memo?: string | null;
}

@InputType()
export class AdvertiserMoneyInput {
  @Field() advertiserEmail: string;
  @Field(() => Float) amount: number;
  @Field({ description: "Why, for the record." }) memo: string;
}

@InputType()
export class DepositListInput extends ListInput {
  @Field(() => DepositStatus, { nullable: true, description: "Only rows of this status; every status when left out." }) status?: DepositStatus | null;
}

export const DepositRequestPage = PageOf(DepositRequestView, "DepositRequestPage");
