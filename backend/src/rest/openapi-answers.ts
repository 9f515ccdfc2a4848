import {
  GraphQLField,
  GraphQLInputType,
  GraphQLSchema,
  GraphQLType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
} from "graphql";
import { getMetadataStorage } from "type-graphql";

/** The GraphQL argument a call's idempotency key comes in (see funds and booking resolvers). */
const IDEMPOTENCY_KEY_ARGUMENT = "idempotencyKey";

type Schema = Record<string, unknown>;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const SCALARS: Record<string, Schema> = {
  Int: { type: "integer" },
  Float: { type: "number" },
  String: { type: "string" },
  Boolean: { type: "boolean" },
  ID: { type: ["string", "integer"] },
  SafeInt: { type: "integer" },
  DateTimeISO: { type: "string", format: "date-time" },
};

/** `Type.field` for each field a resolver computes when asked (`@FieldResolver`): REST answers leave those out. */
function fieldsResolvedOnDemand(): Set<string> {
  const metadata = getMetadataStorage();
  const nameOf = new Map<Function, string>([...metadata.objectTypes, ...metadata.interfaceTypes].map((type) => [type.target, type.name]));
  return new Set(metadata.fieldResolvers.map((resolver) => `${nameOf.get(resolver.getObjectType!()) ?? ""}.${resolver.schemaName}`));
}


/**
 * The JSON Schemas of REST answers, read from the GraphQL types of the operations the paths mirror:
 * the same views with their keys in snake_case and enums by their values, as `present` sends them.
 * A non-null field is required, except one GraphQL resolves on demand, which the REST answer leaves out.
 */
export class AnswerSchemas {
  readonly components: Record<string, Schema> = {};
  private readonly onDemand = fieldsResolvedOnDemand();

  constructor(private readonly schema: GraphQLSchema) {}

  /** Whether GraphQL has the Query or Mutation field `operation`. */
  has(operation: string): boolean {
    return this.operation(operation) !== undefined;
  }

  /** The answer of the Query or Mutation field `operation`. */
  of(operation: string): Schema {
    const field = this.operation(operation);
    if (!field) throw new Error(`GraphQL has no operation ${operation} for a REST path to mirror`);
    return this.typeSchema(field.type, false);
  }

  /** The GraphQL type `name`, for an answer that is no operation's. */
  ofType(name: string): Schema {
    const type = this.schema.getType(name);
    if (!type) throw new Error(`GraphQL has no type ${name}`);
    return this.nullableSchema(type);
  }

  /**
   * The argument of `operation` that a path's id fills: `id`, or else its one other whole-number id
   * (`siteId`, `endpointId`), of what the path names before it where there are several; a REST body does not repeat it.
   */
  pathArgument(operation: string, url = ""): { name: string; schema: Schema } | undefined {
    const args = (this.operation(operation)?.args ?? []).filter((candidate) => candidate.name === "id" || (/Id$/.test(candidate.name) && String(candidate.type) === "Int!"));
    // Of several ids (a campaign's and an audience's), the path's is the one of what the path names before it: /campaigns/:id is campaignId.
    const owner = /\/([a-z-]+?)s?\/:id/.exec(url)?.[1].replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    const arg = args.find((candidate) => candidate.name === "id") ?? args.find((candidate) => candidate.name === `${owner}Id`) ?? args[0];
    return arg && { name: arg.name, schema: this.typeSchema(arg.type, false) };
  }

  /** The query parameter `name` a REST path reads for `operation`: one of its arguments, or an input's field, in snake_case. */
  queryParameter(operation: string, name: string, url?: string): { required: boolean; schema: Schema } {
    const found = this.flatArguments(operation, url).find((arg) => snake(arg.name) === name);
    if (!found) throw new Error(`GraphQL's ${operation} takes no ${name} for a query parameter`);
    return { required: isNonNullType(found.type) && !found.hasDefault, schema: this.typeSchema(found.type, true) };
  }

  /**
   * The JSON Schema of the body a REST path takes for `operation`: its arguments (the id comes in the
   * path) in snake_case, an input object's fields at the top level, as `withGraphqlNames` reads them.
   */
  bodyOf(operation: string, url?: string): Schema {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const { name, type, hasDefault } of this.flatArguments(operation, url)) {
      properties[snake(name)] = this.typeSchema(type, false);
      if (isNonNullType(type) && !hasDefault) required.push(snake(name));
    }
    return { type: "object", properties, ...(required.length ? { required } : {}) };
  }

  /** The GraphQL arguments of `operation` a REST body carries, by name and type, e.g. `input: CreateSiteInput!`. */
  argumentsOf(operation: string, url?: string): string[] {
    return this.bodyArguments(operation, url).map((arg) => `${arg.name}: ${String(arg.type)}`);
  }

  private operation(name: string): GraphQLField<unknown, unknown> | undefined {
    return this.schema.getMutationType()?.getFields()[name] ?? this.schema.getQueryType()?.getFields()[name];
  }

  /** The arguments of `operation` but the one its path fills, and its idempotency key, which REST takes as the Idempotency-Key header. */
  private bodyArguments(operation: string, url?: string) {
    const inPath = this.pathArgument(operation, url)?.name;
    return (this.operation(operation)?.args ?? []).filter((arg) => arg.name !== inPath && arg.name !== IDEMPOTENCY_KEY_ARGUMENT);
  }

  /** Those arguments with an input object's fields in its place, as `withGraphqlNames` reads a body. */
  private flatArguments(operation: string, url?: string): { name: string; type: GraphQLInputType; hasDefault: boolean }[] {
    return this.bodyArguments(operation, url).flatMap((arg) => {
      const named = isNonNullType(arg.type) ? arg.type.ofType : arg.type;
      const fields = isInputObjectType(named) ? Object.values(named.getFields()) : [arg];
      return fields.map((field) => ({ name: field.name, type: field.type, hasDefault: field.defaultValue !== undefined }));
    });
  }

  private typeSchema(type: GraphQLType, nonNull: boolean): Schema {
    if (isNonNullType(type)) return this.typeSchema(type.ofType, true);
    const schema = this.nullableSchema(type);
    return nonNull ? schema : { anyOf: [schema, { type: "null" }] };
  }

  private nullableSchema(type: GraphQLType): Schema {
    if (isListType(type)) return { type: "array", items: this.typeSchema(type.ofType, false) };
    if (isScalarType(type)) return SCALARS[type.name] ?? { description: type.description ?? type.name };
    if (isEnumType(type)) return { enum: type.getValues().map((value) => value.value) };
    if (isUnionType(type)) return { anyOf: type.getTypes().map((member) => this.nullableSchema(member)) };
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      if (!this.components[type.name]) {
        this.components[type.name] = { type: "object" };
        const fields = Object.values(type.getFields());
        const properties = Object.fromEntries(fields.map((field) => [snake(field.name), this.typeSchema(field.type, false)]));
        const required = fields
          .filter((field) => isNonNullType(field.type) && !this.onDemand.has(`${type.name}.${field.name}`) && !("defaultValue" in field && field.defaultValue !== undefined))
          .map((field) => snake(field.name));
        this.components[type.name] = { type: "object", ...(type.description ? { description: type.description } : {}), properties, ...(required.length ? { required } : {}) };
      }
      return { $ref: `#/components/schemas/${type.name}` };
    }
    return {};
  }
}
