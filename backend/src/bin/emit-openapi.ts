import { openApiDocument } from "../rest/openapi";
import { routes } from "../rest/routes";

/** Prints the OpenAPI document of `/api` for the linter and for client generators, without starting the app. */
process.stdout.write(`${JSON.stringify(openApiDocument(routes), null, 2)}\n`);
