import { Field, Int, ObjectType } from "type-graphql";
import { addAnswerFields, answerValuesOf } from "../../common/fields/graphql-answers";
import { createAndUpdateInputs } from "../../common/fields/graphql-inputs";
import type { Audience } from "./audience.entity";
import { AUDIENCE_FIELDS } from "./audience-fields";

@ObjectType("Audience", { description: "Visitors of the advertiser's own sites, as their audience pixel reports them; campaigns target or exclude it." })
export class AudienceView {
  @Field(() => Int) id: number;
  @Field(() => Int) advertiserId: number;
  @Field() createdAt: Date;

  static from(audience: Audience): AudienceView {
    return Object.assign(new AudienceView(), {
      id: audience.id,
      advertiserId: audience.advertiserId,
      createdAt: audience.createdAt,
      ...answerValuesOf(AUDIENCE_FIELDS, audience),
    });
  }
}
addAnswerFields(AudienceView, AUDIENCE_FIELDS);

export const [CreateAudienceInput, UpdateAudienceInput] = createAndUpdateInputs(
  AUDIENCE_FIELDS,
  "Audience",
  "The fields to change; those left out (or null) stay as they are. Members keep the expiry they joined with.",
);
