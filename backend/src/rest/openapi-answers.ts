import {
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

type Schema = Record<string, unknown>;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const SCALARS: Record<string, Schema> = {
  Int: { type: "integer" },
  Float: { type: "number" },
  String: { type: "string" },
  Boolean: { type: "boolean" },
  ID: { type: ["string", "integer"] },
};

/**
 * The JSON Schemas of REST answers, read from the GraphQL types of the operations the paths mirror:
 * the same views with their keys in snake_case and enums by their values, as `present` sends them.
 * Properties are not required: fields GraphQL resolves on demand are not in the REST answer.
 */
export class AnswerSchemas {
  readonly components: Record<string, Schema> = {};

  constructor(private readonly schema: GraphQLSchema) {}

  /** The answer of the Query or Mutation field `operation`. */
  of(operation: string): Schema {
    const field = this.schema.getQueryType()?.getFields()[operation] ?? this.schema.getMutationType()?.getFields()[operation];
    if (!field) throw new Error(`GraphQL has no operation ${operation} for a REST path to mirror`);
    return this.typeSchema(field.type, false);
  }

  /**
   * The JSON Schema of the body a REST path takes for `operation`: its arguments (the id comes in the
   * path) in snake_case, an input object's fields at the top level, as `withGraphqlNames` reads them.
   */
  bodyOf(operation: string): Schema {
    const field = this.schema.getMutationType()?.getFields()[operation] ?? this.schema.getQueryType()?.getFields()[operation];
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    const add = (name: string, type: GraphQLInputType, hasDefault: boolean) => {
      properties[snake(name)] = this.typeSchema(type, false);
      if (isNonNullType(type) && !hasDefault) required.push(snake(name));
    };
    for (const arg of (field?.args ?? []).filter((arg) => arg.name !== "id")) {
      const named = isNonNullType(arg.type) ? arg.type.ofType : arg.type;
      if (isInputObjectType(named)) for (const inner of Object.values(named.getFields())) add(inner.name, inner.type, inner.defaultValue !== undefined);
      else add(arg.name, arg.type, arg.defaultValue !== undefined);
    }
    return { type: "object", properties, ...(required.length ? { required } : {}) };
  }

  /** The GraphQL arguments of `operation` a REST body carries, by name and type, e.g. `input: CreateSiteInput!`. */
  argumentsOf(operation: string): string[] {
    const field = this.schema.getMutationType()?.getFields()[operation] ?? this.schema.getQueryType()?.getFields()[operation];
    return (field?.args ?? []).filter((arg) => arg.name !== "id").map((arg) => `${arg.name}: ${String(arg.type)}`);
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
        const properties = Object.fromEntries(Object.values(type.getFields()).map((field) => [snake(field.name), this.typeSchema(field.type, false)]));
        this.components[type.name] = { type: "object", ...(type.description ? { description: type.description } : {}), properties };
      }
      return { $ref: `#/components/schemas/${type.name}` };
    }
    return {};
  }
}
