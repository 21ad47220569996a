import { ConvexReactClient } from "convex/react";

/**
 * The one Convex client of the app. `npm run dev` sets VITE_CONVEX_URL to the embedded local
 * backend; a real deployment sets it at build time.
 */
export function createConvexClient(url: string | undefined = import.meta.env.VITE_CONVEX_URL as string | undefined) {
  if (!url) {
    throw new Error("VITE_CONVEX_URL が設定されていません。`npm run dev` で起動するか、デプロイ先のURLを設定してください。");
  }
  return new ConvexReactClient(url, { unsavedChangesWarning: false });
}
