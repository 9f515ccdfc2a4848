import { Field, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../common/list-page.types";
import type { ApiKey } from "./api-key.entity";

@ObjectType("ApiKey", { description: "An API key as its owner and admins see it: never the key itself." })
export class ApiKeyView {
  @Field(() => Int) id: number;
  @Field(() => Int) userId: number;
  @Field() name: string;
  @Field({ description: "The key's first characters, such as adn_live_ab12." }) prefix: string;
  @Field({ description: "A read-only key may call queries and REST GETs only." }) readOnly: boolean;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true, description: "Updated at most once a minute." }) lastUsedAt: Date | null;
  @Field(() => Date, { nullable: true }) revokedAt: Date | null;

  static from(key: ApiKey): ApiKeyView {
    return Object.assign(new ApiKeyView(), {
      id: key.id,
      userId: key.userId,
      name: key.name,
      prefix: key.prefix,
      readOnly: key.readOnly,
      createdAt: key.createdAt,
      lastUsedAt: key.lastUsedAt,
      revokedAt: key.revokedAt,
    });
  }
}

@ObjectType()
export class CreatedApiKeyView {
  @Field(() => ApiKeyView) apiKey: ApiKeyView;
  @Field({ description: "The whole key, shown this once: send it as `Authorization: Bearer <key>`." }) secret: string;
}

@InputType()
export class CreateApiKeyInput {
  @Field() name: string;
  @Field({ nullable: true, description: "False when left out." }) readOnly?: boolean;
}

@InputType()
export class ApiKeyListInput {
  @Field(() => Int, { nullable: true, description: "Only this user's keys." }) userId?: number | null;
  @Field(() => Int, { nullable: true }) offset?: number | null;
  @Field(() => Int, { nullable: true }) limit?: number | null;
}

export const ApiKeyPage = PageOf(ApiKeyView, "ApiKeyPage");
