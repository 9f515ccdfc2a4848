import { Arg, Ctx, Float, Int, Mutation, Query, Resolver } from "type-graphql";
import { actorOf, AppContext } from "../../auth/context";
import { accessOf, RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { mapPage, type Page } from "../../common/list-page";
import { type ActionRule, nextActionsResolver } from "../../common/next-actions";
import { PAYOUT_MOVES, type PayoutStatus } from "./payout.entity";
import { MarkPayoutPaidInput, PayoutAction, PayoutListInput, PayoutMethodInput, PayoutMethodView, PayoutPage, PayoutView, PublisherBalanceView } from "./payouts.types";

@Resolver()
export class PayoutsResolver {
  @Query(() => PublisherBalanceView)
  @RequireAuth(Role.PUBLISHER)
  async myBalance(@Ctx() context: AppContext): Promise<PublisherBalanceView> {
    return PublisherBalanceView.from(await context.services.payouts.balance(actorOf(context)));
  }

  @Query(() => [PayoutView], { description: "The signed-in publisher's payouts, newest first." })
  @RequireAuth(Role.PUBLISHER)
  async myPayouts(@Ctx() context: AppContext): Promise<PayoutView[]> {
    return (await context.services.payouts.listForPublisher(actorOf(context))).map(PayoutView.from);
  }

  @Query(() => PayoutMethodView, { nullable: true, description: "The signed-in publisher's payout method on file, masked; null when none." })
  @RequireAuth(Role.PUBLISHER)
  async myPayoutMethod(@Ctx() context: AppContext): Promise<PayoutMethodView | null> {
    const method = await context.services.payouts.method(actorOf(context));
    return method && PayoutMethodView.from(method);
  }

  @Query(() => PayoutPage, { description: "Every publisher's payouts, a page at a time, by the publisher's name or e-mail and status." })
  @RequireAuth(Role.ADMIN)
  async payouts(@Arg("input", () => PayoutListInput, { nullable: true }) input: PayoutListInput | undefined, @Ctx() { services }: AppContext): Promise<Page<PayoutView>> {
    return mapPage(await services.payouts.page(input), PayoutView.from);
  }

  @Mutation(() => PayoutMethodView, { description: "Keeps the publisher's payout method (replacing the one on file); invalid fields answer BAD_USER_INPUT naming the field." })
  @RequireAuth(Role.PUBLISHER)
  async setPayoutMethod(@Arg("input", () => PayoutMethodInput) input: PayoutMethodInput, @Ctx() context: AppContext): Promise<PayoutMethodView> {
    return PayoutMethodView.from(await context.services.payouts.setMethod(actorOf(context), { ...input }));
  }

  @Mutation(() => PayoutView, {
    description: "Requests what is payable (all of it, or `amount` dollars of it): at least $100, with a payout method on file and no other request waiting (CONFLICT).",
  })
  @RequireAuth(Role.PUBLISHER)
  async requestPayout(@Arg("amount", () => Float, { nullable: true }) amount: number | undefined, @Ctx() context: AppContext): Promise<PayoutView> {
    return PayoutView.from(await context.services.payouts.request(actorOf(context), { amount }));
  }

  @Mutation(() => PayoutView, { description: "Marks a requested payout paid, with the method and the transfer's reference." })
  @RequireAuth(Role.ADMIN)
  async markPayoutPaid(
    @Arg("id", () => Int) id: number,
    @Arg("input", () => MarkPayoutPaidInput) input: MarkPayoutPaidInput,
    @Ctx() { services }: AppContext,
  ): Promise<PayoutView> {
    return PayoutView.from(await services.payouts.markPaid(id, { ...input }));
  }
}

const PAYOUT_ACTIONS: Record<PayoutAction, ActionRule<PayoutStatus>> = {
  [PayoutAction.MARK_PAID]: { from: PAYOUT_MOVES.markPaid.from, access: accessOf(PayoutsResolver, "markPayoutPaid") },
};

export const PayoutActionsResolver = nextActionsResolver(PayoutView, PayoutAction, PAYOUT_ACTIONS, "payout");
