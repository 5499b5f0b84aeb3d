// Builds the renderer into dist/renderer with relative URLs (Electron loads it from file://, the web host over HTTP).
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { metaContentSecurityPolicy } from "../shared/csp.ts";

/** This folder as a file path (no node imports here: the renderer folder is lint-checked as browser code). */
const here = decodeURIComponent(new URL(".", import.meta.url).pathname).replace(/^\/([A-Za-z]:)/, "$1");

/** Puts the shared Content-Security-Policy into index.html's meta tag. */
function cspMetaTag(): Plugin {
  return {
    name: "skillshelf-csp-meta",
    transformIndexHtml: (html) => html.replace("%SKILLSHELF_CSP%", metaContentSecurityPolicy),
  };
}

export default defineConfig({
  root: here,
  base: "./",
  plugins: [react(), cspMetaTag()],
  build: {
    outDir: "../dist/renderer",
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
