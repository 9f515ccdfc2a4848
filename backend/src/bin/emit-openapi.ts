import { appSchema } from "../graphql/schema";
import { openApiDocument } from "../rest/openapi";
import { AnswerSchemas } from "../rest/openapi-answers";
import { routes } from "../rest/routes";

/** Prints the OpenAPI document of `/api` for the linter and for client generators, without starting the app. */
appSchema()
  .then((schema) => process.stdout.write(`${JSON.stringify(openApiDocument(routes, new AnswerSchemas(schema)), null, 2)}\n`))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
