import { Field, Float, InputType, Int, ObjectType } from "type-graphql";
import { microsToDollars } from "../../common/money";
import { UpdateCampaignInput } from "../campaigns/campaigns.types";
import type { Forecast } from "./forecast";
import { Targeting } from "../targeting/targeting.types";

// Apart from the targeting types: campaigns' fields declare their targeting with those, and this input reuses the campaign's.

@InputType({ description: "A campaign as the form holds it while the advertiser edits: its targeting, and the settings that change what it delivers." })
export class TargetingForecastInput {
  @Field(() => [String], { nullable: true, description: "ISO codes or country names; empty or left out means every country." }) targetCountries?: string[];
  @Field(() => Targeting, { nullable: true }) targeting?: Targeting;
  @Field(() => UpdateCampaignInput, {
    nullable: true,
    description: "The campaign's other settings (pricing model and bid, budget, daily cap, pacing, flight, frequency caps, category), checked as a campaign's are; left out, only the reach is forecast.",
  })
  campaign?: Record<string, unknown>;
  @Field(() => Int, { nullable: true, description: "The campaign being edited, if it is one: it does not compete with itself, and what it has spent leaves its budget." })
  campaignId?: number;
}

@ObjectType("TargetingForecast", { description: "What a campaign would deliver a day, estimated from the last 14 days of traffic and the live campaigns it competes with; each figure with what it rests on." })
export class TargetingForecastView {
  @Field(() => Int) impressionsPerDay: number;
  @Field({ description: "What the impressions rest on, in a sentence: the requests reached, the floors, the competition at this bid, the caps and the money." }) basis: string;
  @Field(() => Float, { description: "Clicks a day, at the campaign's predicted click rate." }) clicksPerDay: number;
  @Field({ description: "What the click rate comes from." }) clicksBasis: string;
  @Field(() => Float, { description: "Dollars a day." }) spendPerDay: number;
  @Field({ description: "The price and the limit that bounds the spend." }) spendBasis: string;
  @Field(() => String, { nullable: true, description: "The last day (YYYY-MM-DD) the budget pays for at this spend; null when it lasts the flight or nothing is spent." })
  budgetRunsOutOn: string | null;
  @Field({ description: "How long the budget lasts, in a sentence." }) runOutBasis: string;

  static from({ impressionsPerDay, clicksPerDay, spendPerDayMicros, budgetRunsOutOn, basis }: Forecast): TargetingForecastView {
    return Object.assign(new TargetingForecastView(), {
      impressionsPerDay,
      basis: basis.impressions,
      clicksPerDay: Math.round(clicksPerDay * 10) / 10,
      clicksBasis: basis.clicks,
      spendPerDay: microsToDollars(Math.round(spendPerDayMicros / 10_000) * 10_000),
      spendBasis: basis.spend,
      budgetRunsOutOn,
      runOutBasis: basis.runOut,
    });
  }
}
