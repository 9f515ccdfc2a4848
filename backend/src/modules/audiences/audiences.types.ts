import { Field, Int, ObjectType } from "type-graphql";
import { addAnswerFields, answerValuesOf } from "../../common/fields/graphql-answers";
import { createAndUpdateInputs } from "../../common/fields/graphql-inputs";
import type { AudienceWithSize } from "./audiences.service";
import { AUDIENCE_FIELDS } from "./audience-fields";

@ObjectType("Audience", { description: "Visitors of the advertiser's own sites, as their audience pixel reports them; campaigns target or exclude it." })
export class AudienceView {
  @Field(() => Int) id: number;
  @Field(() => Int) advertiserId: number;
  @Field() createdAt: Date;
  @Field(() => Int, { description: "Distinct visitors the pixel added or renewed within the window: who is in the audience now (about 1% off once large)." }) members: number;
  @Field(() => Int, { description: "Distinct visitors the pixel added or renewed today (UTC)." }) joinedToday: number;

  static from({ audience, size }: AudienceWithSize): AudienceView {
    return Object.assign(new AudienceView(), {
      id: audience.id,
      advertiserId: audience.advertiserId,
      createdAt: audience.createdAt,
      members: size.members,
      joinedToday: size.joinedToday,
      ...answerValuesOf(AUDIENCE_FIELDS, audience),
    });
  }
}
addAnswerFields(AudienceView, AUDIENCE_FIELDS);

@ObjectType("AudiencePixel", { description: "The tags an advertiser places on their own site: every page, and the confirmation page for converted audiences." })
export class AudiencePixelView {
  @Field({ description: "For every page of your site: adds the visitor to your audiences whose rule the page meets." }) tag: string;
  @Field({ description: "For the page a purchase or sign-up ends on: also adds the visitor to your Converted audiences." }) conversionTag: string;
  @Field({ description: "Where a visitor deletes their memberships and opts out of audiences: link it from your privacy policy." }) optOutUrl: string;
}

export const [CreateAudienceInput, UpdateAudienceInput] = createAndUpdateInputs(
  AUDIENCE_FIELDS,
  "Audience",
  "The fields to change; those left out (or null) stay as they are. Members keep the expiry they joined with.",
);
