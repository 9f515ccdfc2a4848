/**
 * The IAB ads.txt 1.1 file format, read as its text says: one record or variable per line
 * (CRLF, LF or CR), a leading byte order mark ignored, `#` starting a comment that runs to the
 * end of the line, blank lines skipped, fields separated by commas with surrounding spaces
 * trimmed, and anything after `;` an extension the reader may ignore. Lines that are neither a
 * record nor a variable are kept as errors, so a publisher can be told why their line was not seen.
 */

export type Relationship = "DIRECT" | "RESELLER";

export interface AdsTxtRecord {
  /** The advertising system's domain, lower-cased: the spec compares it without regard to case. */
  domain: string;
  /** The seller's account id in that system, as written. */
  accountId: string;
  relationship: Relationship;
  certificationAuthorityId: string | null;
  line: number;
}

export interface AdsTxtVariable {
  /** Lower-cased: CONTACT, contact and Contact are the same variable. */
  name: string;
  value: string;
  line: number;
}

export interface AdsTxtFile {
  records: AdsTxtRecord[];
  variables: AdsTxtVariable[];
  /** Lines neither a record nor a variable, with the reason. */
  errors: { line: number; reason: string }[];
}

const BOM = "\uFEFF";

/** A variable: a name (letters first, so never a domain with its dots) then `=` and its value. */
const VARIABLE = /^([A-Za-z][A-Za-z0-9_-]*)\s*=\s*(.*)$/;

export function parseAdsTxt(text: string): AdsTxtFile {
  const file: AdsTxtFile = { records: [], variables: [], errors: [] };
  const lines = (text.startsWith(BOM) ? text.slice(1) : text).split(/\r\n|\n|\r/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const content = raw.replace(/#.*$/, "").trim();
    if (content === "") return;
    const variable = VARIABLE.exec(content);
    if (variable) {
      file.variables.push({ name: variable[1].toLowerCase(), value: variable[2].trim(), line });
      return;
    }
    const [data] = content.split(";", 1);
    const fields = data.split(",").map((field) => field.trim());
    if (fields.length < 3 || fields.length > 4 || fields.slice(0, 3).some((field) => field === "")) {
      file.errors.push({ line, reason: "a record needs a domain, an account id and DIRECT or RESELLER, separated by commas" });
      return;
    }
    const relationship = fields[2].toUpperCase();
    if (relationship !== "DIRECT" && relationship !== "RESELLER") {
      file.errors.push({ line, reason: `the relationship must be DIRECT or RESELLER, not ${fields[2]}` });
      return;
    }
    file.records.push({ domain: fields[0].toLowerCase(), accountId: fields[1], relationship, certificationAuthorityId: fields[3] || null, line });
  });
  return file;
}

/** The values of one variable, in file order (`subdomain=` and `contact=` may appear many times). */
export const variableValues = (file: AdsTxtFile, name: string): string[] => file.variables.filter((variable) => variable.name === name).map((variable) => variable.value);

export interface ExpectedLine {
  domain: string;
  accountId: string;
}

export type LineMatch = { found: true } | { found: false; reason: string };

/**
 * Whether the file authorises this seller directly: the domain compared without regard to case,
 * the account id exactly, and the relationship DIRECT (a RESELLER line names someone else selling).
 */
export function findSellerLine(file: AdsTxtFile, expected: ExpectedLine): LineMatch {
  const domain = expected.domain.toLowerCase();
  const ours = file.records.filter((record) => record.domain === domain && record.accountId === expected.accountId);
  if (ours.some((record) => record.relationship === "DIRECT")) return { found: true };
  if (ours.length > 0) return { found: false, reason: `line ${ours[0].line} says RESELLER where it should say DIRECT` };
  const ofDomain = file.records.filter((record) => record.domain === domain);
  if (ofDomain.length > 0) return { found: false, reason: `${domain} is listed with another account id (${ofDomain[0].accountId}) than yours (${expected.accountId})` };
  return { found: false, reason: `no line for ${domain} among ${file.records.length} records` };
}
