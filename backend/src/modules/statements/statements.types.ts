import { Field, Float, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { ListInput, PageOf } from "../../common/list-page.types";
import { microsToDollars } from "../../common/money";
import { monthLabel } from "../reports/grains";
import { Statement, StatementKind, StatementLine } from "./statement.entity";

registerEnumType(StatementKind, { name: "StatementKind", description: "INVOICE for an advertiser's month, STATEMENT for a publisher's." });

@ObjectType("StatementLine", { description: "A campaign (invoice) or site (statement) with its month's figures, or an adjustment. Amounts are US dollars." })
export class StatementLineView {
  @Field({ description: "campaign, site or adjustment" }) type: string;
  @Field() description: string;
  @Field(() => Int, { nullable: true }) impressions: number | null;
  @Field(() => Int, { nullable: true }) clicks: number | null;
  @Field(() => Float) amount: number;

  static from(line: StatementLine): StatementLineView {
    return Object.assign(new StatementLineView(), {
      type: line.type,
      description: line.description,
      impressions: line.impressions ?? null,
      clicks: line.clicks ?? null,
      amount: microsToDollars(line.amountMicros),
    });
  }
}

@ObjectType("Statement", { description: "An issued monthly invoice or publisher statement: final, never changed. Amounts are US dollars." })
export class StatementView {
  @Field(() => Int) id: number;
  @Field(() => StatementKind) kind: StatementKind;
  @Field({ description: "INV-2026-000001 or STM-2026-000001: gapless per kind and year." }) number: string;
  @Field(() => Int) userId: number;
  @Field({ description: "The month covered, as 2026-05." }) month: string;
  @Field({ description: "The first moment of the month covered." }) periodStart: Date;
  @Field({ description: "The first moment after it." }) periodEnd: Date;
  @Field() customerName: string;
  @Field() customerEmail: string;
  @Field(() => [StatementLineView]) lines: StatementLineView[];
  @Field(() => Int) impressions: number;
  @Field(() => Int) clicks: number;
  @Field(() => Float, { description: "Spend billed (invoice) or earnings (statement) of the month." }) total: number;
  @Field(() => Float) deposits: number;
  @Field(() => Float) credits: number;
  @Field(() => Float, { description: "Payouts requested in the month (statement)." }) payouts: number;
  @Field(() => Float) openingBalance: number;
  @Field(() => Float) closingBalance: number;
  @Field() issuedAt: Date;
  @Field({ description: "Where the PDF downloads with the bearer token." }) pdfPath: string;
  @Field({ description: "Where the CSV downloads with the bearer token." }) csvPath: string;

  static from(statement: Statement): StatementView {
    const { body } = statement;
    return Object.assign(new StatementView(), {
      id: statement.id,
      kind: statement.kind,
      number: statement.number,
      userId: statement.userId,
      month: monthLabel(statement.period.getTime()),
      periodStart: statement.period,
      periodEnd: statement.periodEnd,
      customerName: body.customer.name,
      customerEmail: body.customer.email,
      lines: body.lines.map(StatementLineView.from),
      impressions: body.impressions,
      clicks: body.clicks,
      total: microsToDollars(statement.totalMicros),
      deposits: microsToDollars(body.depositsMicros),
      credits: microsToDollars(body.creditsMicros),
      payouts: microsToDollars(body.payoutsMicros),
      openingBalance: microsToDollars(statement.openingMicros),
      closingBalance: microsToDollars(statement.closingMicros),
      issuedAt: statement.issuedAt,
      pdfPath: `/api/statements/${statement.id}.pdf`,
      csvPath: `/api/statements/${statement.id}.csv`,
    });
  }
}

@InputType()
export class StatementListInput extends ListInput {
  @Field(() => StatementKind, { nullable: true, description: "Only documents of this kind; both when left out." }) kind?: StatementKind | null;
}

export const StatementPage = PageOf(StatementView, "StatementPage");
