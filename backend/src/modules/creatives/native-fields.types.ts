import { Field, Float, InputType, Int, ObjectType } from "type-graphql";
import { microsToDollars } from "../../common/money";
import { DEFAULT_CURRENCY, MAX_RATING, NATIVE_LIMITS, type NativeFields } from "./native-fields";

const PRICE = "A promoted listing's price in its currency's units, in whole cents (19.99); none for an ad that is no listing.";
const CURRENCY = `The price's ISO 4217 currency code; ${DEFAULT_CURRENCY} when a price comes without one.`;
const RATING = `A promoted listing's rating, 0 to ${MAX_RATING} in tenths (4.5); none for an ad without one.`;

@ObjectType("NativeFields", { description: "A native ad's texts and logo; its picture is the creative's contentUrl." })
export class NativeFieldsView {
  @Field() headline: string;
  @Field() body: string;
  @Field(() => String, { nullable: true, description: "The brand in the Sponsored label; the advertiser's name when null." }) sponsor: string | null;
  @Field() callToAction: string;
  @Field(() => String, { nullable: true, description: "An address, or for an uploaded logo the path the network serves it at (/media/...)." }) logoUrl: string | null;

  @Field(() => Float, { nullable: true, description: PRICE }) price: number | null;
  @Field(() => String, { nullable: true, description: CURRENCY }) currency: string | null;
  @Field(() => Float, { nullable: true, description: RATING }) rating: number | null;

  static from(fields: NativeFields | null): NativeFieldsView | null {
    if (!fields) return null;
    const { priceMicros, currency, rating, ...texts } = fields;
    return Object.assign(new NativeFieldsView(), { ...texts, price: priceMicros == null ? null : microsToDollars(priceMicros), currency: currency ?? null, rating: rating ?? null });
  }
}

@ObjectType({ description: "The IAB's lengths a native creative's texts keep to." })
export class NativeLimits {
  @Field(() => Int) headline: number;
  @Field(() => Int, { description: "What a headline fits in every card; longer ones may be cut in small slots." }) headlineShort: number;
  @Field(() => Int) body: number;
  @Field(() => Int) sponsor: number;
  @Field(() => Int) callToAction: number;
  @Field(() => Int, { description: "The highest rating a promoted listing may have (stars)." }) rating: number;

  static readonly value = Object.assign(new NativeLimits(), NATIVE_LIMITS, { rating: MAX_RATING });
}

@InputType({ description: "Required for a native creative, refused by none: other types ignore it." })
export class NativeFieldsInput {
  @Field({ description: `At most ${NATIVE_LIMITS.headline} characters (${NATIVE_LIMITS.headlineShort} fit every card).` }) headline: string;
  @Field({ description: `At most ${NATIVE_LIMITS.body} characters.` }) body: string;
  @Field({ nullable: true, description: `The brand named in the Sponsored label, at most ${NATIVE_LIMITS.sponsor} characters; your name when left out.` }) sponsor?: string;
  @Field({ description: `Call to action, at most ${NATIVE_LIMITS.callToAction} characters, such as "Shop now".` }) callToAction: string;
  @Field({ nullable: true, description: "http or https URL of a square logo (at least 50×50), or the /media/ address of one of your uploaded images; or give logoMediaId instead." }) logoUrl?: string;
  @Field(() => Int, { nullable: true, description: "One of your uploaded images (myMedia) as the logo, instead of logoUrl." }) logoMediaId?: number;
  @Field(() => Float, { nullable: true, description: PRICE }) price?: number;
  @Field({ nullable: true, description: CURRENCY }) currency?: string;
  @Field(() => Float, { nullable: true, description: RATING }) rating?: number;
}
