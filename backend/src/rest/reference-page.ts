import { readFileSync } from "node:fs";

/** Redoc's own bundle from npm, served from our origin: the product's CSP admits no CDN and no inline script. */
export const REFERENCE_SCRIPT = readFileSync(require.resolve("redoc/bundles/redoc.standalone.js"));

/** The readable reference of `/api`: Redoc reads the document from `specUrl` once its script loads. */
export const referencePage = (specUrl: string, scriptUrl: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>AdNet REST API</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<redoc spec-url="${specUrl}"></redoc>
<script src="${scriptUrl}"></script>
</body>
</html>
`;
