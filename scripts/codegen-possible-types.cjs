// A graphql-codegen plugin: each abstract type of the schema (interface or union) with the object
// types that stand for it, as Apollo's InMemoryCache takes them in `possibleTypes`. Without them the
// cache cannot tell that a fragment on an interface matches an object, and drops its fields.
const { isAbstractType } = require("graphql");

module.exports = {
  plugin(schema) {
    const possibleTypes = {};
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isAbstractType(type)) continue;
      possibleTypes[type.name] = schema.getPossibleTypes(type).map((object) => object.name).sort();
    }
    return `export const possibleTypes: Record<string, string[]> = ${JSON.stringify(possibleTypes, null, 2)};\n`;
  },
};
