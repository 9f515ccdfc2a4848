import { Arg, Ctx, Float, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import type { Page } from "../../common/list-page";
import { UserView } from "../users/users.types";
import { fundsOperations } from "./funds.operations";
import {
  AdvertiserFundsView,
  AdvertiserMoneyInput,
  DepositListInput,
  DepositRequestPage,
  DepositRequestView,
  FinanceMonthView,
  RecordDepositInput,
} from "./funds.types";

const IDEMPOTENCY_KEY_ARG = {
  nullable: true,
  description: "Any 8 to 255 letters, digits and - _ . : (a UUID) made once per intended call: sending it again within 24 hours answers the first call's result and changes nothing.",
};

@Resolver()
export class FundsResolver {
  @Query(() => AdvertiserFundsView, { description: "The signed-in advertiser's balance, recent spend, deposit requests and ways to add funds." })
  @RequireAuth(Role.ADVERTISER)
  async myFunds(@Ctx() context: AppContext): Promise<AdvertiserFundsView> {
    return fundsOperations.myFunds(context);
  }

  @Mutation(() => String, { nullable: true, description: "Sets the postal address the advertiser's invoices are made out to, from the next one issued; blank takes it away." })
  @RequireAuth(Role.ADVERTISER)
  async setBillingAddress(@Arg("address", () => String, { nullable: true }) address: string | null, @Ctx() context: AppContext): Promise<string | null> {
    return fundsOperations.setBillingAddress(context, address);
  }

  @Mutation(() => DepositRequestView, { description: "Announces a bank transfer of at least the minimum deposit; answers the payment reference to write on it." })
  @RequireAuth(Role.ADVERTISER)
  async requestDeposit(
    @Arg("amount", () => Float) amount: number,
    @Arg("idempotencyKey", () => String, IDEMPOTENCY_KEY_ARG) idempotencyKey: string | null | undefined,
    @Ctx() context: AppContext,
  ): Promise<DepositRequestView> {
    return fundsOperations.requestDeposit(context, amount, idempotencyKey);
  }

  @Mutation(() => DepositRequestView, { description: "Cancels one of the signed-in advertiser's deposit requests while its transfer is still awaited." })
  @RequireAuth(Role.ADVERTISER)
  async cancelDeposit(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<DepositRequestView> {
    return fundsOperations.cancelDeposit(context, id);
  }

  @Query(() => DepositRequestPage, { description: "Every advertiser's deposit requests, a page at a time, by name, e-mail or reference and status." })
  @RequireAuth(Role.ADMIN)
  async depositRequests(@Arg("input", () => DepositListInput, { nullable: true }) input: DepositListInput | undefined, @Ctx() context: AppContext): Promise<Page<DepositRequestView>> {
    return fundsOperations.depositRequests(context, input);
  }

  @Mutation(() => DepositRequestView, { description: "Records the transfer that arrived with a payment reference: the advertiser's balance moves and their campaigns may fill." })
  @RequireAuth(Role.ADMIN)
  async recordDeposit(@Arg("input", () => RecordDepositInput) input: RecordDepositInput, @Ctx() context: AppContext): Promise<DepositRequestView> {
    return fundsOperations.recordDeposit(context, input);
  }

  @Mutation(() => UserView, { description: "Grants an advertiser promotional credit, with the reason." })
  @RequireAuth(Role.ADMIN)
  async grantCredit(
    @Arg("input", () => AdvertiserMoneyInput) input: AdvertiserMoneyInput,
    @Arg("idempotencyKey", () => String, IDEMPOTENCY_KEY_ARG) idempotencyKey: string | null | undefined,
    @Ctx() context: AppContext,
  ): Promise<UserView> {
    return fundsOperations.grantCredit(context, input, idempotencyKey);
  }

  @Mutation(() => UserView, { description: "Sets how far below zero an advertiser's balance may go (postpaid, invoiced), with the reason; 0 takes it away." })
  @RequireAuth(Role.ADMIN)
  async setCreditLimit(@Arg("input", () => AdvertiserMoneyInput) input: AdvertiserMoneyInput, @Ctx() context: AppContext): Promise<UserView> {
    return fundsOperations.setCreditLimit(context, input);
  }

  @Query(() => [FinanceMonthView], { description: "The network's deposits, spend, publisher earnings, margin, payouts, and what it owes and holds, by month, newest first." })
  @RequireAuth(Role.ADMIN)
  async financeSummary(@Arg("months", () => Int, { nullable: true }) months: number | undefined, @Ctx() context: AppContext): Promise<FinanceMonthView[]> {
    return fundsOperations.financeSummary(context, months);
  }
}
