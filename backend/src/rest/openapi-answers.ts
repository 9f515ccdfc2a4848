import {
  GraphQLSchema,
  GraphQLType,
  isEnumType,
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
    if (isObjectType(type) || isInterfaceType(type)) {
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
