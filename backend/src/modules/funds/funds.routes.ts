import type { AppContext } from "../../auth/context";
import { type Body, bodyRoute, callerRoute, idRoute, mirroring, type Route, type Twin } from "../../common/rest-route";
import { FundsResolver } from "./funds.resolver";
import { fundsOperations } from "./funds.operations";

/** The billing address goes and comes back under its own key, unlike GraphQL's bare string. */
const BILLING_ADDRESS = { type: "object", properties: { billing_address: { type: ["string", "null"] } } };

/** A call that creates money with no state to guard: its `Idempotency-Key` header makes a retry answer the first call's result. */
const creatingMoney = (url: string, twin: Twin, run: (context: AppContext, body: Body, idempotencyKey: unknown) => Promise<unknown>): Route => ({
  method: "POST",
  url,
  ...twin,
  status: 201,
  doc: { idempotent: true },
  handle: (context, body, _params, _query, headers) => run(context, body, headers["idempotency-key"]),
});

/** An advertiser's money (billing address, balance, deposits) and what the admins record and grant. */
export const fundsRoutes: Route[] = [
  {
    method: "PUT",
    url: "/advertiser/billing-address",
    doc: { body: BILLING_ADDRESS, answer: BILLING_ADDRESS },
    ...mirroring(FundsResolver, "setBillingAddress"),
    handle: async (context, body) => ({ billingAddress: await fundsOperations.setBillingAddress(context, body.billing_address) }),
  },
  callerRoute("GET", "/advertiser/funds", mirroring(FundsResolver, "myFunds"), fundsOperations.myFunds),
  creatingMoney("/advertiser/deposits", mirroring(FundsResolver, "requestDeposit"), (context, body, key) => fundsOperations.requestDeposit(context, body.amount, key)),
  idRoute("POST", "/advertiser/deposits/:id/cancel", mirroring(FundsResolver, "cancelDeposit"), fundsOperations.cancelDeposit),
  {
    method: "GET",
    url: "/admin/deposits",
    doc: { query: ["search", "status", "offset", "limit"] },
    ...mirroring(FundsResolver, "depositRequests"),
    handle: (context, _body, _params, query) =>
      fundsOperations.depositRequests(context, { search: query.search, status: query.status, offset: query.offset, limit: query.limit }),
  },
  bodyRoute("POST", "/admin/deposits/record", mirroring(FundsResolver, "recordDeposit"), fundsOperations.recordDeposit),
  creatingMoney("/admin/credits", mirroring(FundsResolver, "grantCredit"), (context, body, key) =>
    fundsOperations.grantCredit(context, { advertiserEmail: body.advertiser_email, amount: body.amount, memo: body.memo }, key),
  ),
  {
    method: "PUT",
    url: "/admin/credit-limit",
    ...mirroring(FundsResolver, "setCreditLimit"),
    handle: (context, body) => fundsOperations.setCreditLimit(context, { advertiserEmail: body.advertiser_email, amount: body.amount, memo: body.memo }),
  },
  {
    method: "GET",
    url: "/admin/finance",
    doc: { query: ["months"] },
    ...mirroring(FundsResolver, "financeSummary"),
    handle: (context, _body, _params, query) => fundsOperations.financeSummary(context, query.months),
  },
];
