import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * IAB's VAST 4.2 schema as published declares `UniversalAdId maxOccurs="unbounded"` inside an
 * `xs:all`, which XML Schema 1.0 (and so libxml2) does not allow: the schema is compiled with that
 * one bound at 1, which a document with one UniversalAdId (ours) meets either way. Nothing else is
 * changed.
 */
function compilableSchema(): string {
  const official = readFileSync(join(__dirname, "vast", "vast_4.2.xsd"), "utf8");
  const fixed = official.replace('<xs:element name="UniversalAdId" minOccurs="1" maxOccurs="unbounded">', '<xs:element name="UniversalAdId" minOccurs="1" maxOccurs="1">');
  if (fixed === official) throw new Error("the VAST schema fixture changed: check its UniversalAdId declaration");
  const file = join(mkdtempSync(join(tmpdir(), "vast-xsd-")), "vast_4.2.xsd");
  writeFileSync(file, fixed);
  return file;
}

let schema: string | undefined;

/**
 * VAST's macros (`[ERRORCODE]`) are square brackets, which xs:anyURI as libxml2 reads it refuses:
 * the schema sees the URIs as a player sends them, each macro replaced by a value.
 */
const asSent = (xml: string) => xml.replace(/\[[A-Z_]+\]/g, "900");

/** What `xmllint --schema` says of a document against VAST 4.2: "" when it is valid, else its complaints. */
export function vastSchemaErrors(xml: string): string {
  schema ??= compilableSchema();
  try {
    execFileSync("xmllint", ["--noout", "--schema", schema, "-"], { input: asSent(xml), stdio: ["pipe", "pipe", "pipe"] });
    return "";
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

/** What an XPath expression finds in a document, read by libxml2 (`xmllint --xpath`): elements are named by local-name(). */
export function xpath(xml: string, expression: string): string {
  return execFileSync("xmllint", ["--xpath", expression, "-"], { input: xml, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] }).trim();
}

/** The text of every element of this name, in document order, as an XML parser reads it back. */
export function texts(xml: string, name: string): string[] {
  const count = Number(xpath(xml, `count(//*[local-name()='${name}'])`));
  return Array.from({ length: count }, (_, i) => xpath(xml, `string((//*[local-name()='${name}'])[${i + 1}])`));
}
