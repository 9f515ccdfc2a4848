import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { appSchema, printAppSchema } from "./schema";

/** Writes schema.graphql at the top of the repository, which the frontend's codegen reads. */
export const SCHEMA_FILE = resolve(__dirname, "..", "..", "..", "schema.graphql");

if (require.main === module) {
  appSchema()
    .then((schema) => {
      writeFileSync(SCHEMA_FILE, printAppSchema(schema));
      console.log(`Wrote ${SCHEMA_FILE}`);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
