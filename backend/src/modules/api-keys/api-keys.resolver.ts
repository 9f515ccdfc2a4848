import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import { actorOf, type AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { mapPage, type Page } from "../../common/list-page";
import { ApiKeyListInput, ApiKeyPage, ApiKeyView, CreateApiKeyInput, CreatedApiKeyView } from "./api-keys.types";

const KEY_HOLDERS = [Role.PUBLISHER, Role.ADVERTISER, Role.ADMIN] as const;

@Resolver()
export class ApiKeysResolver {
  @Query(() => [ApiKeyView], { description: "The caller's API keys, live ones first." })
  @RequireAuth(...KEY_HOLDERS)
  async myApiKeys(@Ctx() context: AppContext): Promise<ApiKeyView[]> {
    return (await context.services.apiKeys.listOwn(actorOf(context))).map(ApiKeyView.from);
  }

  @Query(() => ApiKeyPage, { description: "Every user's API keys, newest first." })
  @RequireAuth(Role.ADMIN)
  async apiKeys(@Arg("input", () => ApiKeyListInput, { nullable: true }) input: ApiKeyListInput | undefined, @Ctx() { services }: AppContext): Promise<Page<ApiKeyView>> {
    return mapPage(await services.apiKeys.page(input ?? {}), ApiKeyView.from);
  }

  @Mutation(() => CreatedApiKeyView, { description: "Creates a named key for the caller; the key itself is in this answer only." })
  @RequireAuth(...KEY_HOLDERS)
  async createApiKey(@Arg("input") input: CreateApiKeyInput, @Ctx() context: AppContext): Promise<CreatedApiKeyView> {
    const { apiKey, secret } = await context.services.apiKeys.create(actorOf(context), input);
    return Object.assign(new CreatedApiKeyView(), { apiKey: ApiKeyView.from(apiKey), secret });
  }

  @Mutation(() => ApiKeyView, { description: "Revokes one of the caller's keys (an admin: anyone's); it is refused from the next call on." })
  @RequireAuth(...KEY_HOLDERS)
  async revokeApiKey(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<ApiKeyView> {
    return ApiKeyView.from(await context.services.apiKeys.revoke(actorOf(context), id));
  }
}
