import { readFileSync } from "node:fs";

/** Redoc's own bundle from npm, served from our origin: the product's CSP admits no CDN and no inline script. */
export const REFERENCE_SCRIPT = readFileSync(require.resolve("redoc/bundles/redoc.standalone.js"));

/**
 * The one stylesheet Redoc's bundle writes into the page as text (its scrollbars' and layout's
 * rules); the page lets in exactly that text by its hash rather than any inline style. The version
 * is pinned in package.json, and the browser test of the page fails if an upgrade changes it.
 */
const REDOC_STYLESHEET_HASH = "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='";

/** The product's policy, also admitting Redoc's stylesheet: everything else stays as strict as on any page. */
export const referencePagePolicy = (appPolicy: string) => appPolicy.replace(/(^|; )style-src ([^;]*)/, `$1style-src $2 ${REDOC_STYLESHEET_HASH}`);

/**
 * The readable reference of `/api`: Redoc reads the document from `specUrl` once its script loads.
 * Its search runs in a worker made from a blob, which the policy refuses, so the page goes without:
 * the side menu lists every operation.
 */
export const referencePage = (specUrl: string, scriptUrl: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>AdNet REST API</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<redoc spec-url="${specUrl}" disable-search></redoc>
<script src="${scriptUrl}"></script>
</body>
</html>
`;
