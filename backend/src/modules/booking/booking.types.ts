import { GraphQLSafeInt } from "graphql-scalars";
import { Field, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { CampaignView, CreateCampaignInput } from "../campaigns/campaigns.types";
import { DeliveryTier, GoalType } from "../campaigns/campaign.entity";
import { Targeting } from "../targeting/targeting.types";
import type { Availability } from "./availability";
import type { Booking } from "./booking.service";
import { BehindReason, type BehindPace } from "./under-delivery";

registerEnumType(BehindReason, {
  name: "BehindReason",
  description: "Why a guaranteed campaign is behind pace: TARGETING_TOO_NARROW reaches less than it needs; OUTBID_BY_HIGHER_PRIORITY reaches enough but other bookings take it; ROOM_TO_CATCH_UP has room for it.",
});

@InputType({ description: "A targeting and the days to book it for." })
export class AvailabilityInput {
  @Field(() => [String], { nullable: true, description: "ISO codes or country names; empty or left out means every country." }) targetCountries?: string[];
  @Field(() => Targeting, { nullable: true }) targeting?: Targeting;
  @Field(() => String, { nullable: true, description: "YYYY-MM-DD; today when left out." }) startDate?: string;
  @Field({ description: "YYYY-MM-DD, included." }) endDate: string;
}

@ObjectType("BookedContender", { description: "A booked campaign on the same inventory, and the impressions it takes of the range's pool." })
export class ContenderView {
  @Field(() => Int) campaignId: number;
  @Field() name: string;
  @Field(() => DeliveryTier) tier: DeliveryTier;
  @Field(() => GraphQLSafeInt) impressions: number;
}

@ObjectType("Availability", { description: "Impressions available to book for a targeting and dates: the forecast of matching requests from the last 14 days of traffic, net of what booked sponsorships and guaranteed campaigns on the same inventory take." })
export class AvailabilityView {
  @Field(() => Int, { description: "The days of the range still to come, from today." }) days: number;
  @Field(() => GraphQLSafeInt) forecastImpressions: number;
  @Field(() => GraphQLSafeInt) bookedImpressions: number;
  @Field(() => GraphQLSafeInt) availableImpressions: number;
  @Field({ description: "What the figures rest on, in a sentence." }) basis: string;
  @Field(() => [ContenderView], { description: "The booked campaigns that take from the pool, the most first." }) contenders: ContenderView[];

  static from(availability: Availability): AvailabilityView {
    const contenders = [...availability.contenders].sort((a, b) => b.impressions - a.impressions).map((contender) => Object.assign(new ContenderView(), contender));
    return Object.assign(new AvailabilityView(), { ...availability, contenders });
  }
}

@InputType({ description: "An insertion order: a SPONSORSHIP or GUARANTEED campaign an admin books for an advertiser." })
export class BookCampaignInput {
  @Field({ description: "The advertiser the campaign is booked for, by e-mail." }) advertiserEmail: string;
  @Field(() => CreateCampaignInput, { description: "The campaign's settings, as a campaign is created, with its deliveryTier and its goalAmount or sharePercent." }) campaign: Record<string, unknown>;
  @Field(() => Boolean, { nullable: true, description: "Book it even though its goal is above what is available: the booking is flagged." }) overrideAvailability?: boolean;
}

@ObjectType("Booking", { description: "A booked campaign, with the availability it was booked against." })
export class BookingView {
  @Field(() => CampaignView) campaign: CampaignView;
  @Field(() => GraphQLSafeInt, { description: "Impressions available to it when booked." }) availableImpressions: number;
  @Field({ description: "Booked with a goal above its availability (overrideAvailability)." }) overridden: boolean;
  @Field() bookedAt: Date;
  @Field(() => AvailabilityView) availability: AvailabilityView;

  static from({ campaign, order, availability }: Booking): BookingView {
    return Object.assign(new BookingView(), {
      campaign: CampaignView.from(campaign),
      availableImpressions: order.availableImpressions,
      overridden: order.overridden,
      bookedAt: order.bookedAt,
      availability: AvailabilityView.from(availability),
    });
  }
}

@InputType({ description: "Extra impressions for a guaranteed campaign behind pace, on an extension of its flight." })
export class MakeGoodInput {
  @Field(() => Int, { description: "Added to the campaign's goal." }) extraImpressions: number;
  @Field(() => String, { nullable: true, description: "YYYY-MM-DD, not before the campaign's end date; its end date when left out." }) endDate?: string;
}

@ObjectType("UnderDeliveredCampaign", { description: "A guaranteed campaign behind pace: what it delivered against what its goal expects by now on the network's traffic curve, and why." })
export class UnderDeliveredCampaignView {
  @Field(() => Int) campaignId: number;
  @Field() name: string;
  @Field(() => Int) advertiserId: number;
  @Field(() => GoalType) goalType: GoalType;
  @Field(() => GraphQLSafeInt) goal: number;
  @Field(() => GraphQLSafeInt, { description: "In the goal's unit." }) delivered: number;
  @Field(() => GraphQLSafeInt, { description: "What the goal spread over the flight on the traffic curve expects by now." }) expected: number;
  @Field(() => Int, { description: "How far behind, in percent of what is expected by now." }) behindPercent: number;
  @Field(() => GraphQLSafeInt) goalLeft: number;
  @Field(() => Int, { description: "Days left of the flight, today included." }) daysLeft: number;
  @Field() endDate: string;
  @Field(() => GraphQLSafeInt, { description: "Impressions its targeting reaches in the days left." }) forecastImpressions: number;
  @Field(() => GraphQLSafeInt, { description: "What of them the other bookings leave it." }) availableImpressions: number;
  @Field(() => BehindReason) reason: BehindReason;
  @Field({ description: "Why, in a sentence." }) why: string;
  @Field({ description: "Booked over its availability." }) overridden: boolean;

  static from({ campaign, expected, delivered, ...rest }: BehindPace): UnderDeliveredCampaignView {
    return Object.assign(new UnderDeliveredCampaignView(), {
      ...rest,
      campaignId: campaign.id,
      name: campaign.name,
      advertiserId: campaign.advertiserId,
      goalType: campaign.goalType,
      goal: campaign.goalAmount ?? 0,
      endDate: campaign.endDate,
      delivered,
      expected,
      behindPercent: expected > 0 ? Math.round(((expected - delivered) / expected) * 100) : 0,
    });
  }
}
