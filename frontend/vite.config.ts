import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const backend = "http://localhost:4000";

// Libraries change far less often than our code, so they get their own long-cached chunks.
const vendorChunks: Record<string, string> = {
  "@chakra-ui": "chakra",
  "@ark-ui": "chakra",
  "@zag-js": "chakra",
  "@pandacss": "chakra",
  "@emotion": "chakra",
  "@apollo": "apollo",
  graphql: "apollo",
  rxjs: "apollo",
  react: "react",
  "react-dom": "react",
  "react-router": "react",
  scheduler: "react",
};

export default defineConfig({
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
    // Chakra's full recipe set alone is over the default 500 kB warning, and it is already split out.
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        manualChunks(id) {
          const match = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
          if (!match) return undefined;
          const name = match[1];
          return vendorChunks[name] ?? vendorChunks[name.split("/")[0]];
        },
      },
    },
  },
});
