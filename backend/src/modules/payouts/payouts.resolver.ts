import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import { actorOf, AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { mapPage, type Page } from "../../common/list-page";
import { PayoutListInput, PayoutPage, PayoutView, PublisherBalanceView } from "./payouts.types";

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

  @Query(() => PayoutPage, { description: "Every publisher's payouts, a page at a time, by the publisher's name or e-mail and status." })
  @RequireAuth(Role.ADMIN)
  async payouts(@Arg("input", () => PayoutListInput, { nullable: true }) input: PayoutListInput | undefined, @Ctx() { services }: AppContext): Promise<Page<PayoutView>> {
    return mapPage(await services.payouts.page(input), PayoutView.from);
  }

  @Mutation(() => PayoutView, { description: "Requests the whole available balance; it must be at least $100." })
  @RequireAuth(Role.PUBLISHER)
  async requestPayout(@Ctx() context: AppContext): Promise<PayoutView> {
    return PayoutView.from(await context.services.payouts.request(actorOf(context)));
  }

  @Mutation(() => PayoutView)
  @RequireAuth(Role.ADMIN)
  async markPayoutPaid(@Arg("id", () => Int) id: number, @Ctx() { services }: AppContext): Promise<PayoutView> {
    return PayoutView.from(await services.payouts.markPaid(id));
  }
}
