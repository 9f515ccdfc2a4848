import { Field, InputType, Int, ObjectType } from "type-graphql";
import { CAP_PERIODS, type CapPeriod, MAX_CAP_COUNT } from "./frequency-caps";

const PER = `One of ${CAP_PERIODS.join(", ")}: a clock hour, a day or a Monday-to-Sunday week of the reporting calendar, or the whole flight.`;

@InputType({ description: "At most `count` impressions per visitor per period." })
export class FrequencyCapInput {
  @Field(() => Int, { description: `From 1 to ${MAX_CAP_COUNT}.` }) count: number;
  @Field(() => String, { description: PER }) per: string;
}

@ObjectType({ description: "At most `count` impressions per visitor per period." })
export class FrequencyCapView {
  @Field(() => Int) count: number;
  @Field(() => String, { description: PER }) per: CapPeriod;
}
