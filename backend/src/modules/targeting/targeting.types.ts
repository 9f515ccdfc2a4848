import { Field, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import type { Mode } from "./rule";
import type { TargetingDocument } from "./targeting-rules";

export enum TargetingMode {
  INCLUDE = "include",
  EXCLUDE = "exclude",
}
registerEnumType(TargetingMode, { name: "TargetingMode", description: "Show only where the list matches, or everywhere but there." });

@ObjectType("TargetingList")
@InputType("TargetingListInput")
export class TargetingList {
  @Field(() => TargetingMode) mode: Mode;
  @Field(() => [String]) values: string[];
}

@ObjectType("KeywordTargeting")
@InputType("KeywordTargetingInput")
export class KeywordTargeting {
  @Field(() => [String], { description: "The page must carry at least one of these, when any (lower-cased)." }) include: string[];
  @Field(() => [String], { description: "The page must carry none of these." }) exclude: string[];
}

@ObjectType("AudienceTargeting", { description: "Show only to members of one of the included audiences (when any), never to members of an excluded one." })
@InputType("AudienceTargetingInput", { description: "Audience ids of the advertiser's own (myAudiences); an id both included and excluded is refused." })
export class AudienceTargeting {
  @Field(() => [Int]) include: number[];
  @Field(() => [Int]) exclude: number[];
}

@ObjectType("DayParting")
@InputType("DayPartingInput")
export class DayParting {
  @Field({ description: "The IANA time zone the days and hours are read in, such as Europe/Berlin." }) timeZone: string;
  @Field(() => [Int], { description: "ISO weekdays: 1 is Monday, 7 is Sunday." }) days: number[];
  @Field(() => [Int], { description: "Hours of the day, 0 to 23." }) hours: number[];
}

@ObjectType("Targeting", { description: "A campaign's targeting beyond countries (see targetCountries); a rule left null targets everyone." })
@InputType("TargetingInput", { description: "Targeting beyond countries; formOptions.targetingRules lists the rules, their choices and labels." })
export class Targeting implements TargetingDocument {
  @Field(() => TargetingList, { nullable: true }) devices?: TargetingList;
  @Field(() => TargetingList, { nullable: true }) operatingSystems?: TargetingList;
  @Field(() => TargetingList, { nullable: true }) browsers?: TargetingList;
  @Field(() => TargetingList, { nullable: true, description: "The visitor's preferred language, as ISO 639-1 codes." }) languages?: TargetingList;
  @Field(() => DayParting, { nullable: true }) dayParting?: DayParting;
  @Field(() => TargetingList, { nullable: true }) siteCategories?: TargetingList;
  @Field(() => TargetingList, { nullable: true, description: "Sites by domain." }) sites?: TargetingList;
  @Field(() => TargetingList, { nullable: true, description: "Zones by number." }) zones?: TargetingList;
  @Field(() => KeywordTargeting, { nullable: true }) keywords?: KeywordTargeting;
}
