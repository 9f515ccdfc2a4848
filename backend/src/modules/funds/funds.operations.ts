import { actorOf, type AppContext } from "../../auth/context";
import { Role } from "../../auth/roles";
import { type ListInputFields, mapPage, type Page } from "../../common/list-page";
import { UserView } from "../users/users.types";
import type { FundsService } from "./funds.service";
import { AdvertiserFundsView, DepositRequestView, FinanceMonthView } from "./funds.types";

type AdvertiserMoneyFields = Parameters<FundsService["grantCredit"]>[1];

/** Each funds operation as both doors answer it: GraphQL resolvers and REST routes call these and nothing else. */
export const fundsOperations = {
  myFunds: async (context: AppContext): Promise<AdvertiserFundsView> => {
    const { funds } = context.services;
    return AdvertiserFundsView.from(await funds.summary(actorOf(context)), funds.config.minDepositMicros, funds.config.bank);
  },
  requestDeposit: async (context: AppContext, amount: unknown, idempotencyKey?: unknown): Promise<DepositRequestView> =>
    DepositRequestView.from(await context.services.funds.requestDeposit(actorOf(context), amount, idempotencyKey), Role.ADVERTISER),
  cancelDeposit: async (context: AppContext, id: unknown): Promise<DepositRequestView> =>
    DepositRequestView.from(await context.services.funds.cancelDeposit(actorOf(context), id), Role.ADVERTISER),
  depositRequests: async ({ services }: AppContext, input?: ListInputFields): Promise<Page<DepositRequestView>> =>
    mapPage(await services.funds.page(input), (request) => DepositRequestView.from(request, Role.ADMIN)),
  recordDeposit: async (context: AppContext, input: Parameters<FundsService["recordDeposit"]>[1]): Promise<DepositRequestView> =>
    DepositRequestView.from(await context.services.funds.recordDeposit(actorOf(context), input), Role.ADMIN),
  grantCredit: async (context: AppContext, input: AdvertiserMoneyFields, idempotencyKey?: unknown): Promise<UserView> =>
    UserView.from(await context.services.funds.grantCredit(actorOf(context), input, idempotencyKey)),
  setCreditLimit: async (context: AppContext, input: AdvertiserMoneyFields): Promise<UserView> =>
    UserView.from(await context.services.funds.setCreditLimit(actorOf(context), input)),
  financeSummary: async ({ services }: AppContext, months: unknown): Promise<FinanceMonthView[]> => (await services.funds.financeByMonth(months)).map(FinanceMonthView.from),
  setBillingAddress: async (context: AppContext, address: unknown): Promise<string | null> =>
    (await context.services.users.setBillingAddress(actorOf(context), address)).billingAddress,
};
