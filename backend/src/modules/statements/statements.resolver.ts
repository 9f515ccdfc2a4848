import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import { actorOf, AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { mapPage, type Page } from "../../common/list-page";
import { StatementListInput, StatementPage, StatementView } from "./statements.types";

@Resolver()
export class StatementsResolver {
  @Query(() => [StatementView], { description: "The signed-in user's invoices (advertisers) or statements (publishers), newest month first." })
  @RequireAuth(Role.ADVERTISER, Role.PUBLISHER)
  async myStatements(@Ctx() context: AppContext): Promise<StatementView[]> {
    return (await context.services.statements.listFor(actorOf(context))).map(StatementView.from);
  }

  @Query(() => StatementView, { description: "One document: its owner's, or any for an admin." })
  @RequireAuth(Role.ADVERTISER, Role.PUBLISHER, Role.ADMIN)
  async statement(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<StatementView> {
    return StatementView.from(await context.services.statements.get(actorOf(context), id));
  }

  @Query(() => StatementPage, { description: "Every issued document, a page at a time, by number or the customer's name or e-mail, and kind." })
  @RequireAuth(Role.ADMIN)
  async statements(@Arg("input", () => StatementListInput, { nullable: true }) input: StatementListInput | undefined, @Ctx() { services }: AppContext): Promise<Page<StatementView>> {
    return mapPage(await services.statements.page(input ? { ...input, status: input.kind } : undefined), StatementView.from);
  }
}
