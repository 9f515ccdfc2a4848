import { stringify } from "csv-stringify";
import type { Readable } from "node:stream";
import PDFDocument from "pdfkit";
import { microsToDollars } from "../../common/money";
import { Statement, StatementKind } from "./statement.entity";

const TITLE: Record<StatementKind, string> = { [StatementKind.INVOICE]: "Invoice", [StatementKind.STATEMENT]: "Publisher statement" };

/** Dollars to the cent for people; the CSV keeps every micro. */
export const money = (micros: number) =>
  `${micros < 0 ? "-" : ""}$${Math.abs(microsToDollars(micros)).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const count = (value: number | undefined) => (value === undefined ? "" : value.toLocaleString("en-US"));
const day = (date: Date) => date.toISOString().slice(0, 10);
/** The last day a document covers: the day before its period ends. */
const lastDay = (statement: Statement) => day(new Date(statement.periodEnd.getTime() - 1));

/** The seller's identity a tax invoice carries, as printed lines; none on documents issued before it was kept. */
function issuerLines({ body }: Statement): string[] {
  return body.issuer ? [body.issuer.legalName, body.issuer.address, `VAT number: ${body.issuer.vatNumber}`] : [];
}

export function fileName(statement: Statement, extension: "pdf" | "csv"): string {
  return `${statement.number}.${extension}`;
}

/** The money lines after the campaigns or sites: what else moved the balance in the month. */
function movements(statement: Statement): { label: string; micros: number }[] {
  const { body } = statement;
  return statement.kind === StatementKind.INVOICE
    ? [
        { label: "Spend", micros: body.activityMicros },
        { label: "Deposits", micros: body.depositsMicros },
        { label: "Credits", micros: body.creditsMicros },
      ]
    : [
        { label: "Earnings", micros: body.activityMicros },
        { label: "Payouts", micros: body.payoutsMicros },
      ];
}

export function statementCsv(statement: Statement): Readable {
  const csv = stringify({ header: true, columns: ["section", "description", "impressions", "clicks", "amount_usd"] });
  const row = (section: string, description: string, amountMicros: number, impressions?: number, clicks?: number) =>
    csv.write([section, description, impressions ?? "", clicks ?? "", microsToDollars(amountMicros)]);
  const { body } = statement;
  row("document", `${TITLE[statement.kind]} ${statement.number} for ${body.customer.name} <${body.customer.email}>, ${day(statement.period)} to ${lastDay(statement)}`, 0);
  const issuer = issuerLines(statement);
  if (issuer.length > 0) row("issuer", issuer.join(", "), 0);
  if (body.customer.address) row("customer_address", body.customer.address, 0);
  for (const line of body.lines) row("line", line.description, line.amountMicros, line.impressions, line.clicks);
  row("total", statement.kind === StatementKind.INVOICE ? "Spend" : "Earnings", body.activityMicros, body.impressions, body.clicks);
  row("balance", "Opening balance", statement.openingMicros);
  for (const movement of movements(statement).slice(1)) row("movement", movement.label, movement.micros);
  row("balance", "Closing balance", statement.closingMicros);
  csv.end();
  return csv;
}

export function statementPdf(statement: Statement): Readable {
  const pdf = new PDFDocument({ size: "A4", margin: 50, info: { Title: `${TITLE[statement.kind]} ${statement.number}`, Author: "AdNet" } });
  const { body } = statement;
  const invoice = statement.kind === StatementKind.INVOICE;
  pdf.fontSize(20).text(`AdNet ${TITLE[statement.kind]}`);
  pdf.moveDown(0.5).fontSize(11);
  for (const line of issuerLines(statement)) pdf.text(line);
  if (body.issuer) pdf.moveDown(0.5);
  pdf.text(`Number: ${statement.number}`);
  pdf.text(`Period: ${day(statement.period)} to ${lastDay(statement)} (UTC)`);
  pdf.text(`Issued: ${day(statement.issuedAt)}`);
  pdf.text(`${invoice ? "Bill to" : "Publisher"}: ${body.customer.name} <${body.customer.email}>`);
  if (body.customer.address) pdf.text(body.customer.address, { indent: 20 });
  pdf.moveDown();

  const columns = [50, 300, 380, 440];
  const tableRow = (cells: string[], bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica");
    pdf.text(cells[0], columns[0], y, { width: 240 });
    const height = pdf.y - y;
    cells.slice(1).forEach((cell, i) => pdf.text(cell, columns[i + 1], y, { width: i === 2 ? 105 : 70, align: "right" }));
    pdf.x = 50;
    pdf.y = y + Math.max(height, pdf.currentLineHeight()) + 4;
  };
  tableRow([invoice ? "Campaign" : "Site", "Impressions", "Clicks", invoice ? "Spend" : "Earnings"], true);
  if (body.lines.length === 0) tableRow([invoice ? "No campaign activity" : "No site activity", "", "", ""]);
  for (const line of body.lines) tableRow([line.description, count(line.impressions), count(line.clicks), money(line.amountMicros)]);
  tableRow(["Total", count(body.impressions), count(body.clicks), money(body.activityMicros)], true);
  pdf.moveDown();

  tableRow(["Opening balance", "", "", money(statement.openingMicros)]);
  for (const movement of movements(statement)) {
    const debit = invoice ? movement.label === "Spend" : movement.label === "Payouts";
    tableRow([movement.label, "", "", money(debit ? -movement.micros : movement.micros)]);
  }
  tableRow(["Closing balance", "", "", money(statement.closingMicros)], true);
  pdf.moveDown();
  pdf.font("Helvetica").fontSize(9).fillColor("#555555");
  pdf.text("Amounts are US dollars. This document is final; a correction is issued as a new document.", 50, pdf.y, { width: 495 });
  pdf.end();
  return pdf as unknown as Readable;
}
