import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const backend = "http://localhost:4000";

// React changes far less often than our code, so it gets its own long-cached chunk. Chakra and Apollo
// do not: one vendor chunk each would make the landing page preload every component and the whole
// GraphQL client that only the lazy pages and dialogs use.
const vendorChunks: Record<string, string> = {
  react: "react",
  "react-dom": "react",
  "react-router": "react",
  scheduler: "react",
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  server: {
    proxy: {
      "/graphql": backend,
      "/api": backend,
      "/healthz": backend,
      "/ads.js": backend,
    },
  },
  build: {
    // scripts/prerender.mjs reads which file the static page loader was built to.
    manifest: !isSsrBuild,
    rollupOptions: {
      // The app, and the small script prerendered pages load instead of it (src/static-page-loader.ts).
      input: isSsrBuild ? undefined : ["index.html", "src/static-page-loader.ts"],
      // The prerendering build is one file, which scripts/prerender.mjs imports afresh for each page.
      output: isSsrBuild
        ? { inlineDynamicImports: true }
        : {
            manualChunks(id) {
              const match = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
              return match ? vendorChunks[match[1]] : undefined;
            },
          },
    },
  },
}));
