import type { AppContext } from "../../auth/context";
import { actorOf } from "../../auth/context";
import { NotFoundError } from "../../common/errors";
import { Download, mirroring, type Route } from "../../common/rest-route";
import { fileName, statementCsv, statementPdf } from "./statement-files";
import { StatementsResolver } from "./statements.resolver";

/** `12.pdf` or `12.csv`: an issued statement's number and the file's type. */
const STATEMENT_FILE = /^(\d{1,10})\.(pdf|csv)$/;

/** An issued document as a file, for its owner or an admin. */
async function statementDownload(context: AppContext, file: string): Promise<Download> {
  const match = STATEMENT_FILE.exec(file);
  if (!match) throw new NotFoundError("Statement");
  const statement = await context.services.statements.get(actorOf(context), match[1]);
  return match[2] === "pdf"
    ? new Download(fileName(statement, "pdf"), "application/pdf", statementPdf(statement))
    : new Download(fileName(statement, "csv"), "text/csv; charset=utf-8", statementCsv(statement));
}

export const statementRoutes: Route[] = [
  {
    method: "GET",
    url: "/statements/:file",
    doc: { files: ["application/pdf", "text/csv"], path: { file: { type: "string", pattern: STATEMENT_FILE.source, examples: ["12.pdf"] } } },
    ...mirroring(StatementsResolver, "statement"),
    handle: (context, _body, params) => statementDownload(context, params.file),
  },
];
