/** What a message says: its paragraphs, and at most one button (with the link also spelled out). */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Shown small under the rest: why the person got this e-mail, how to stop it. */
  footer?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The same message as plain text and as simple HTML; every value is escaped, names and reasons included. */
export function renderMail(content: MailContent): RenderedMail {
  const text = [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    "— AdNet",
    ...(content.footer ? ["", content.footer] : []),
  ].join("\n");
  const paragraph = (body: string) => `<p style="margin:0 0 16px">${body}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">',
    paragraph(escapeHtml(content.greeting)),
    ...content.paragraphs.map((text) => paragraph(escapeHtml(text))),
    ...(content.action
      ? [
          paragraph(
            `<a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#2b6cb0;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a>`,
          ),
          paragraph(`<span style="font-size:13px;color:#4a5568">Or open this address: ${escapeHtml(content.action.url)}</span>`),
        ]
      : []),
    paragraph("— AdNet"),
    ...(content.footer ? [`<p style="font-size:12px;color:#718096">${escapeHtml(content.footer)}</p>`] : []),
    "</body></html>",
  ].join("");
  return { subject: content.subject, text, html };
}
