import { Field, InputType, ObjectType } from "type-graphql";
import { MAX_HOUSE_TITLE } from "./content-recommendation";

const URL = "http or https address.";

@InputType({ description: "One of the publisher's own articles, shown in the recommendation box's slots paid ads leave; never counted nor billed." })
export class HouseItemInput {
  @Field({ description: `At most ${MAX_HOUSE_TITLE} characters.` }) title: string;
  @Field({ description: `The article's ${URL}` }) url: string;
  @Field(() => String, { nullable: true, description: `Its picture's ${URL} None draws the title alone.` }) image?: string | null;
}

@ObjectType("HouseItem", { description: "One of the publisher's own articles in a content recommendation zone." })
export class HouseItemView {
  @Field() title: string;
  @Field() url: string;
  @Field(() => String, { nullable: true }) image: string | null;
}
