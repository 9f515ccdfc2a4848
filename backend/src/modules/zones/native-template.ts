import { ValidationError } from "../../common/errors";

/**
 * A publisher's native template: their own markup with placeholders the tag fills, escaped, with
 * the ad's fields. It runs inside the publisher's page, so it may hold only inert markup: an
 * allow-list of tags and attributes, no script, no event handler, no style (which can load
 * addresses), and links and pictures only to web addresses or the ad's own placeholders.
 */
export const NATIVE_PLACEHOLDERS = ["headline", "body", "image", "logo", "sponsor", "cta", "clickUrl", "price", "rating"] as const;
export const MAX_TEMPLATE_LENGTH = 4000;

const TAGS = new Set(["a", "article", "aside", "b", "br", "div", "em", "figcaption", "figure", "footer", "h2", "h3", "h4", "h5", "h6", "header", "i", "img", "li", "p", "section", "small", "span", "strong", "ul"]);
const VOID_TAGS = new Set(["br", "img"]);
const ATTRIBUTES = new Set(["class", "href", "src", "alt", "title", "target", "rel", "width", "height", "loading"]);
const URL_ATTRIBUTES = new Set(["href", "src"]);
const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9]*)((?:\s+[^\s"'<>\/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*)\s*(\/?)>/y;
const ATTRIBUTE = /\s+([^\s"'<>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g;

const refuse = (message: string): never => {
  throw new ValidationError("nativeTemplate", `Native template ${message}`);
};

/** The template as saved (trimmed; null when blank), or a refusal that says what is not allowed. */
export function nativeTemplate(value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null;
  if (typeof value !== "string") return refuse("must be text");
  const template = value.trim();
  if (template.length > MAX_TEMPLATE_LENGTH) refuse(`can be at most ${MAX_TEMPLATE_LENGTH} characters long`);
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    if (!(NATIVE_PLACEHOLDERS as readonly string[]).includes(name)) refuse(`has an unknown placeholder {{${name}}}: use ${NATIVE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ")}`);
  }
  checkMarkup(template);
  return template;
}

/** Walks the markup tag by tag: anything that is not an allowed tag, attribute or text is refused. */
function checkMarkup(template: string): void {
  const open: string[] = [];
  let at = 0;
  while (at < template.length) {
    const next = template.indexOf("<", at);
    if (next < 0) break;
    TAG.lastIndex = next;
    const tag = TAG.exec(template);
    if (!tag) refuse(`has markup that is not a plain tag near "${template.slice(next, next + 20)}" (no comments, scripts or unfinished tags)`);
    const [whole, closing, rawName, attributes] = tag!;
    const name = rawName.toLowerCase();
    if (!TAGS.has(name)) refuse(`may not use <${name}>: only ${[...TAGS].join(", ")}`);
    if (closing) {
      if (open.pop() !== name) refuse(`closes </${name}> without opening it`);
    } else {
      for (const [, attribute, double, single] of attributes.matchAll(ATTRIBUTE)) checkAttribute(name, attribute.toLowerCase(), double ?? single ?? "");
      if (!VOID_TAGS.has(name) && !whole.endsWith("/>")) open.push(name);
    }
    at = next + whole.length;
  }
  if (open.length > 0) refuse(`leaves <${open[open.length - 1]}> open`);
}

function checkAttribute(tag: string, name: string, value: string): void {
  if (!ATTRIBUTES.has(name)) refuse(`may not use the attribute ${name} on <${tag}>: only ${[...ATTRIBUTES].join(", ")}`);
  if (!URL_ATTRIBUTES.has(name)) return;
  const address = value.trim();
  if (/^\{\{\s*[A-Za-z]+\s*\}\}$/.test(address) || /^https?:\/\//i.test(address)) return;
  refuse(`may link only to a placeholder such as {{clickUrl}} or an http(s) address in ${name} on <${tag}>`);
}
