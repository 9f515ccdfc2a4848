import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * IAB Tech Lab's VAST 4.2 schema, byte for byte as published: the latest revision of vast_4.2.xsd in
 * InteractiveAdvertisingBureau/vast, commit a4afbde (2019-09-24, "Support interactiveStart event in
 * VAST 4.2 XSD"). xmllint reads the file itself; see vast/README.md.
 */
export const VAST_SCHEMA_REVISION = "a4afbde";
const SCHEMA = join(__dirname, "vast", "vast_4.2.xsd");

/**
 * VAST's macros (`[ERRORCODE]`) are square brackets, which xs:anyURI as libxml2 reads it refuses:
 * the schema sees the URIs as a player sends them, each macro replaced by a value.
 */
const asSent = (xml: string) => xml.replace(/\[[A-Z_]+\]/g, "900");

/** What `xmllint --schema` says of a document against VAST 4.2 (revision a4afbde): "" when it is valid, else its complaints. */
export function vastSchemaErrors(xml: string): string {
  try {
    execFileSync("xmllint", ["--noout", "--schema", SCHEMA, "-"], { input: asSent(xml), stdio: ["pipe", "pipe", "pipe"] });
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
