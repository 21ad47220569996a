import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { deploymentSiteUrl } from "./convex/model/shareLinks.ts";
import { robotsTxt } from "./src/config/robots.ts";
import { prerenderPublicPages } from "./scripts/vite-prerender.ts";

/** /robots.txt, pointing at the sitemap on the deployment's HTTP-action site. */
function robots(): Plugin {
  let body = "";
  return {
    name: "robots-txt",
    configResolved(config) {
      const site = deploymentSiteUrl(config.env as Record<string, string>);
      body = robotsTxt(site ? `${site}/sitemap.xml` : null);
    },
    configureServer(server) {
      server.middlewares.use("/robots.txt", (_req, res) => {
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end(body);
      });
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "robots.txt", source: body });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), robots(), prerenderPublicPages()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  // First-page weight (`npm run bench:bundle`): what a visitor needs comes in few files.
  build: {
    // Every browser of Vite's default target supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The generated api.js builds `components` at import; the client never reads it, and its
      // validators (about 2 kB gzipped) would otherwise ride along in every page's first file.
      treeshake: { manualPureFunctions: ["componentsGeneric"] },
      output: {
        codeSplitting: {
          groups: [
            // Everything main.tsx loads, in one file; rolldown would otherwise split it into a few
            // (react, convex, the shell) that gzip worse together.
            { name: "index", tags: ["$initial"], priority: 2 },
            // The work card and the small pieces it uses (home, gallery, profiles, challenges):
            // one file instead of a dozen tiny shared ones. Only what the home page's cards need,
            // as the home page loads it too.
            {
              name: "work-card",
              test: /[\\/]src[\\/](components[\\/]works[\\/](author-byline|card-image|work-card|work-stats)\.|components[\\/]ui[\\/](avatar|badge|card|empty-state)\.|lib[\\/](i18n[\\/]format|use-now|genres)\.)|[\\/]convex[\\/]model[\\/]genres\.|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/,
              priority: 1,
            },
            // The lists of works and their controls (gallery, profiles, tags, saves …), likewise.
            {
              name: "work-lists",
              test: /[\\/]src[\\/]components[\\/](works[\\/](work-grid|work-list-item|sort-toggle|zero-code-toggle)|ui[\\/]segmented)\./,
              priority: 1,
            },
            // What most pages with data use (the paginated query, the error states, the feed and
            // share links): one file gzips a third smaller than a dozen tiny ones.
            {
              name: "page-kit",
              test: /[\\/]src[\\/](components[\\/](ui[\\/]error-state|query-error-boundary|feed-link)|lib[\\/](convex-error|share-link))\.|[\\/]convex[\\/]model[\\/](feedLinks|shareLinks)\.|convex[\\/]dist[\\/]esm[\\/]react[\\/]use_paginated_query\./,
              priority: 1,
            },
            // The fields of the pages that narrow a list or edit something, likewise.
            {
              name: "filter-kit",
              test: /[\\/]src[\\/]components[\\/]ui[\\/](select|input|label)\./,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  // The local backend rewrites its snapshot in .local-data often; Vite need not watch it.
  server: { host: "127.0.0.1", watch: { ignored: ["**/.local-data/**"] } },
  preview: { host: "127.0.0.1" },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "convex",
          environment: "edge-runtime",
          // Ceilings, not budgets: the seed test renders PNGs and the scale tests seed 100,000
          // works or 10,000 users, which takes minutes on a busy machine. No test sets its own.
          testTimeout: 600_000,
          hookTimeout: 900_000,
          // The app's functions, and the local-backend fixture apps' component calls in convex-test.
          include: ["convex/**/*.test.ts", "local-backend/test/apps/**/*.test.ts"],
          // Components ship their convex-test helpers as sources with import.meta.glob.
          server: { deps: { inline: ["convex-test", /@convex-dev\//] } },
        },
      },
      {
        extends: true,
        test: {
          name: "local-backend",
          environment: "node",
          include: ["local-backend/**/*.test.ts"],
          exclude: ["local-backend/test/apps/**", "**/node_modules/**"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "local-google",
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          include: ["local-google/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "frontend",
          environment: "jsdom",
          // jsdom renders and lazy routes are slow on a busy machine; a ceiling, not a budget.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/test/setup.ts"],
        },
      },
    ],
  },
});
