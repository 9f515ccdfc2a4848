import { Field, Int, ObjectType } from "type-graphql";
import type { User } from "../users/user.entity";

@ObjectType("AccountSummary", { description: "Who owns a site, campaign, creative or payout: enough to recognise and write to them." })
export class AccountSummaryView {
  @Field(() => Int) id: number;
  @Field() fullName: string;
  @Field() email: string;

  static from(user: User): AccountSummaryView {
    return Object.assign(new AccountSummaryView(), { id: user.id, fullName: user.fullName, email: user.email });
  }
}
