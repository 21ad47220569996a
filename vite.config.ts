import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
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
          include: ["local-google/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "frontend",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/test/setup.ts"],
        },
      },
    ],
  },
});
