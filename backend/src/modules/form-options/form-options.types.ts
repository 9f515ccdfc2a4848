import { Field, Float, Int, ObjectType } from "type-graphql";
import { NativeLimits } from "../creatives/native-fields.types";
import { PricingModel } from "../campaigns/campaign.entity";
import { Role } from "../../auth/roles";

@ObjectType({ description: "One choice of a select or checkbox list: the value to send and the words to show." })
export class FormOption {
  @Field() value: string;
  @Field() label: string;
}

@ObjectType({ description: "One declared field of an object, as its form offers it, checks it before sending and fills it in on a new one." })
export class FormFieldRules {
  @Field({ description: "Its name in the GraphQL inputs." }) name: string;
  @Field() label: string;
  @Field({ description: "text, dollars, choice, date, integer, flag, or document (a value with a widget of its own)." }) kind: string;
  @Field({ description: "A new object cannot be made without it." }) required: boolean;
  @Field(() => Int, { nullable: true }) maxLength: number | null;
  @Field(() => Float, { nullable: true, description: "The smallest number or amount it takes." }) min: number | null;
  @Field(() => Float, { nullable: true, description: "The largest number or amount it takes." }) max: number | null;
  @Field(() => String, { nullable: true, description: "JSON of the value the input takes when it is left out; null where there is none or it is counted in days." })
  defaultValue: string | null;
  @Field(() => String, { nullable: true, description: "A date default counts defaultDays from this field's date, or from today." }) defaultDaysAfter: string | null;
  @Field(() => Int, { nullable: true }) defaultDays: number | null;
  @Field(() => [FormOption], { description: "The values a choice allows; empty for any other kind." }) choices: FormOption[];
  @Field(() => [Role], { description: "Who may set it." }) setBy: Role[];
  @Field({ description: "Whether changing it sends a live object back to review." }) sendsToReview: boolean;
}

@ObjectType({ description: "One targeting rule as the campaign form offers it." })
export class TargetingRuleOption {
  @Field({ description: "The field of Targeting it edits; countries is targetCountries." }) key: string;
  @Field() label: string;
  @Field({ description: "list (include only or exclude), keywords (wanted and excluded) or dayParting (days, hours, time zone)." }) kind: string;
  @Field(() => [FormOption], { description: "The choices of a list; empty where any value of the right form is allowed." }) options: FormOption[];
  @Field(() => String, { nullable: true, description: "What a free list's entries look like." }) hint: string | null;
}

@ObjectType({ description: "A standard ad size the zone form offers; any other size within the pixel bounds is allowed too." })
export class ZoneSizeOption {
  @Field({ description: "As the Ad formats page names it, with its size: Leaderboard (728×90)." }) label: string;
  @Field(() => Int) width: number;
  @Field(() => Int) height: number;
}

@ObjectType({ description: "A banner zone's presentation as the zone form offers it: its words and the zone sizes it takes (null: no bound)." })
export class ZonePresentationOption {
  @Field() value: string;
  @Field() label: string;
  @Field({ description: "What it does on the page, for the form's help text." }) help: string;
  @Field(() => Int, { nullable: true }) minWidth: number | null;
  @Field(() => Int, { nullable: true }) minHeight: number | null;
  @Field(() => Int, { nullable: true }) maxWidth: number | null;
  @Field(() => Int, { nullable: true }) maxHeight: number | null;
}

@ObjectType({ description: "The bids a pricing model accepts, in dollars." })
export class BidBounds {
  @Field(() => PricingModel) pricingModel: PricingModel;
  @Field(() => Float) min: number;
  @Field(() => Float) max: number;
  @Field({ description: "What the bid buys: per thousand impressions, per click, per conversion." }) unit: string;
  @Field({ description: "What the form calls the bid of this model: Price per 1,000 impressions, Bid per click." }) priceLabel: string;
}

@ObjectType({ description: "The longest text each kind of field takes, in characters." })
export class TextLimits {
  @Field(() => Int, { description: "Any name: a person's, a site's, a zone's, a campaign's, a creative's." }) name: number;
  @Field(() => Int) description: number;
  @Field(() => Int) domain: number;
  @Field(() => Int) email: number;
  @Field(() => Int) url: number;
  @Field(() => Int, { description: "A contact message." }) message: number;
  @Field(() => Int, { description: "An admin's reason for a rejection." }) reason: number;
  @Field(() => Int) password: number;
  @Field(() => Int, { description: "What an admin list's search box takes." }) search: number;
  @Field(() => Int, { description: "A payout's transfer reference." }) reference: number;
  @Field(() => Int, { description: "The address an invoice is made out to." }) billingAddress: number;
  @Field(() => Int, { description: "A note the books keep beside an amount: a deposit's, a credit's, a credit limit's." }) memo: number;
}

@ObjectType({ description: "The versions of the legal documents a new account accepts (registration's acceptTerms)." })
export class LegalVersions {
  @Field() termsOfService: string;
  @Field() privacyPolicy: string;
}

@ObjectType({ description: "What the server accepts, for the forms to offer and check before sending. Amounts are US dollars." })
export class FormOptions {
  @Field(() => Float) minCampaignBudget: number;
  @Field(() => Float) maxAmount: number;
  @Field(() => Float) minCpm: number;
  @Field(() => Float) maxCpm: number;
  @Field(() => Int) minRevenueSharePercent: number;
  @Field(() => Int) maxRevenueSharePercent: number;
  @Field(() => Int, { description: "A publisher's share unless an admin set theirs." }) defaultRevenueSharePercent: number;
  @Field(() => Float) minimumPayout: number;
  @Field(() => Float, { description: "The smallest deposit an advertiser may announce in Add funds." }) minDeposit: number;
  @Field(() => TextLimits) maxLength: TextLimits;
  @Field(() => Int) minPasswordLength: number;
  @Field(() => LegalVersions) legalVersions: LegalVersions;
  @Field({ description: "The IANA time zone whose days and months reports, stat cards, daily budgets and flight dates count in." }) reportTimeZone: string;
  @Field(() => Int, { description: "Smallest width or height of a zone or creative, in pixels." }) minPixels: number;
  @Field(() => Int, { description: "Largest width or height of a zone or creative, in pixels." }) maxPixels: number;
  @Field(() => Int, { description: "The longest video ad the network takes, in seconds (a URL video's declared length)." }) maxVideoSeconds: number;
  @Field(() => Int, { description: "The longest a video creative may make viewers watch before they may skip it, in seconds." }) maxSkipAfterSeconds: number;
  @Field(() => [String], { description: "The creative types that may declare an expanded size (expandable banners)." }) expandableCreativeTypes: string[];
  @Field(() => Int, { description: "How many times its own size an expandable banner may open to, on each side (2: a 300x250 to at most 600x500)." }) maxExpansionFactor: number;
  @Field(() => Int, { description: "The most impressions a frequency cap may allow a visitor per period." }) maxFrequencyCapCount: number;
  @Field(() => [FormOption], { description: "The periods a frequency cap counts over, in the form's order; the value is FrequencyCapInput.per." }) frequencyCapPeriods: FormOption[];
  @Field(() => [FormOption]) siteCategories: FormOption[];
  @Field(() => [FormOption], { description: "What advertisers sell: a campaign has one, and publishers block some on their sites." }) advertiserCategories: FormOption[];
  @Field(() => [ZoneSizeOption], { description: "The IAB standard sizes, for the zone form to offer before a custom size." }) zoneSizes: ZoneSizeOption[];
  @Field(() => [FormOption]) zoneFormats: FormOption[];
  @Field(() => [FormOption]) zonePositions: FormOption[];
  @Field(() => [FormOption]) creativeTypes: FormOption[];
  @Field(() => NativeLimits) nativeLimits: NativeLimits;
  @Field(() => [ZonePresentationOption], { description: "How a banner zone shows its ad: in the page, as an interstitial, a sticky anchor, floating or push-down, each with the zone sizes it takes." })
  zonePresentations: ZonePresentationOption[];
  @Field(() => [FormOption], { description: "How a campaign pays; the value is the PricingModel." }) pricingModels: FormOption[];
  @Field(() => [BidBounds], { description: "The bids each pricing model accepts; CPM's are minCpm and maxCpm." }) bidBounds: BidBounds[];
  @Field(() => [FormOption], { description: "The value is the PacingMode." }) pacingModes: FormOption[];
  @Field(() => [FormOption], { description: "The value is the CreativeRotation." }) creativeRotations: FormOption[];
  @Field(() => [FormOption], { description: "The countries a campaign can target; the value is the ISO code." }) countries: FormOption[];
  @Field(() => [FormOption]) contactSubjects: FormOption[];
  @Field(() => [FormOption], { description: "Why the ad server refuses to bill an event, in words." }) invalidTrafficReasons: FormOption[];
  @Field(() => [FormOption], { description: "How publishers can be paid; the value is the PayoutMethodType." }) payoutMethods: FormOption[];
  @Field(() => [FormOption], { description: "The events a webhook endpoint may subscribe to; the value is the event's type, as webhookEventTypes lists it." })
  webhookEvents: FormOption[];
  @Field(() => [TargetingRuleOption], { description: "The targeting rules a campaign can set, in the form's order, from the declaration the ad server compiles." })
  targetingRules: TargetingRuleOption[];
  @Field(() => [FormFieldRules], { description: "A campaign's editable fields, from the declaration the services read them with, in the form's order." })
  campaignFields: FormFieldRules[];
  @Field(() => [FormFieldRules], { description: "A creative's content fields, from the declaration the services read them with, in the form's order." })
  creativeFields: FormFieldRules[];
  @Field(() => [FormFieldRules], { description: "A site's editable fields, from the declaration the services read them with, in the form's order." })
  siteFields: FormFieldRules[];
  @Field(() => [FormFieldRules], { description: "An audience's editable fields, from the declaration the services read them with, in the form's order." })
  audienceFields: FormFieldRules[];
  @Field(() => [FormFieldRules], { description: "An ad zone's editable fields (its site aside), from the declaration the services read them with, in the form's order." })
  zoneFields: FormFieldRules[];
}
