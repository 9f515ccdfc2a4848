import { type GraphQLSchema } from "graphql";
import { Arg, buildSchema, Mutation, Query, Resolver } from "type-graphql";

/**
 * A schema whose only mutations take these inputs, one `name(input: Input!)` each, and whose
 * queries answer these object types, one `name: Type!` each, for a test that builds an input or an
 * answer from a declaration of its own and reads what GraphQL and OpenAPI make of it.
 */
export async function schemaTaking(inputs: Record<string, new () => object>, answers: Record<string, new () => object> = {}): Promise<GraphQLSchema> {
  class Taking {
    ready(): boolean {
      return true;
    }
  }
  Query(() => Boolean)(Taking.prototype, "ready", Object.getOwnPropertyDescriptor(Taking.prototype, "ready")!);
  for (const [name, input] of Object.entries(inputs)) {
    Object.defineProperty(Taking.prototype, name, { value: () => true, writable: true, configurable: true });
    Arg("input", () => input)(Taking.prototype, name, 0);
    Mutation(() => Boolean)(Taking.prototype, name, Object.getOwnPropertyDescriptor(Taking.prototype, name)!);
  }
  for (const [name, answer] of Object.entries(answers)) {
    Object.defineProperty(Taking.prototype, name, { value: () => new answer(), writable: true, configurable: true });
    Query(() => answer)(Taking.prototype, name, Object.getOwnPropertyDescriptor(Taking.prototype, name)!);
  }
  Resolver()(Taking);
  return buildSchema({ resolvers: [Taking], validate: false });
}
