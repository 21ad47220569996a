// The offline stack: the embedded Convex backend serving ./convex (seeded with the demo data on
// first start) and the Vite dev server pointed at it. Used by `npm run dev` and the e2e tests.
import path from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { startLocalBackend, type LocalBackend } from "../local-backend/src/index.js";
import { startGoogleStandIn, type GoogleStandIn } from "../local-google/src/index.js";

export type StackOptions = {
  /** Where the backend keeps its data; a temporary folder when omitted. */
  dataDir?: string;
  reset?: boolean;
  backendPort?: number;
  sitePort?: number;
  appPort?: number;
  googlePort?: number;
  /** Reload functions when convex/ changes. */
  watch?: boolean;
  /** Print backend and function logs. */
  quiet?: boolean;
  /** Origins besides the dev server's whose pages may use the backend (a production build's). */
  allowedOrigins?: string[];
  /** Serve the backend over HTTPS with this key and certificate (bench-lighthouse). */
  tls?: { key: string | Buffer; cert: string | Buffer };
};

export type Stack = {
  appUrl: string;
  backend: LocalBackend;
  google: GoogleStandIn;
  vite: ViteDevServer;
  stop(): Promise<void>;
};

/** The OAuth client the stand-in accepts; any values work as long as both sides agree. */
const LOCAL_GOOGLE_CLIENT = { id: "vibe-gallery-local", secret: "vibe-gallery-local-secret" };

const root = path.resolve(import.meta.dirname, "..");

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const google = await startGoogleStandIn({
    port: options.googlePort ?? 3212,
    clientId: LOCAL_GOOGLE_CLIENT.id,
    clientSecret: LOCAL_GOOGLE_CLIENT.secret,
    ...(options.quiet ? {} : { log: (line: string) => console.log(`[google] ${line}`) }),
  });
  const backend = await startLocalBackend({
    convexDir: path.join(root, "convex"),
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    reset: options.reset ?? false,
    port: options.backendPort ?? 3210,
    sitePort: options.sitePort ?? 3211,
    envFile: path.join(root, ".env.local"),
    // Convex Auth's Google provider, pointed at the stand-in (convex/model/googleIssuer.ts).
    env: {
      AUTH_GOOGLE_ISSUER: google.issuer,
      AUTH_GOOGLE_ID: LOCAL_GOOGLE_CLIENT.id,
      AUTH_GOOGLE_SECRET: LOCAL_GOOGLE_CLIENT.secret,
      // The demo admin (README "Roles"); a real deployment names its own with `npx convex env set`.
      ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? "admin@demo.vibe-gallery.example",
    },
    watch: options.watch ?? true,
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    // Like `npx convex dev`: convex/_generated follows the code as it changes.
    codegen: options.watch ?? true,
    ...(options.quiet ? { log: false as const } : {}),
  }).catch(async (err: unknown) => {
    await google.stop();
    throw err;
  });
  let vite: ViteDevServer | undefined;
  try {
    const seeded = (await backend.run("seed:demo")) as { seeded: boolean };
    if (seeded.seeded && !options.quiet) console.log("[stack] seeded the demo data");
    // Data kept from an older version is migrated (what already ran is skipped).
    await backend.run("migrations:runAll", {});

    // Vite exposes VITE_* variables from process.env to the app. HTTP actions (share links) are
    // on the backend's separate site port.
    process.env.VITE_CONVEX_URL = backend.url;
    process.env.VITE_CONVEX_SITE_URL = backend.siteUrl;
    vite = await createServer({
      root,
      configFile: path.join(root, "vite.config.ts"),
      server: { port: options.appPort ?? 5173, strictPort: true, host: "127.0.0.1" },
      logLevel: options.quiet ? "silent" : "info",
      clearScreen: false,
    });
    await vite.listen();
    const appUrl = vite.resolvedUrls?.local[0]?.replace(/\/$/, "") ?? `http://127.0.0.1:${options.appPort ?? 5173}`;
    // Convex Auth sends users back to the web app after sign-in.
    backend.setEnv("SITE_URL", appUrl);
    // Comment e-mails go to the backend's own mail sink (listed at backend.mailSinkUrl), unless
    // .env.local configures a real EmailJS account.
    if (!backend.env.EMAILJS_ENDPOINT) {
      backend.setEnv("EMAILJS_ENDPOINT", backend.mailSendUrl);
      backend.setEnv("EMAILJS_SERVICE_ID", "local-service");
      backend.setEnv("EMAILJS_TEMPLATE_ID", "local-comment-template");
      backend.setEnv("EMAILJS_PUBLIC_KEY", "local-public-key");
    }
    const server = vite;
    return {
      appUrl,
      backend,
      google,
      vite: server,
      async stop() {
        await server.close();
        await backend.stop();
        await google.stop();
      },
    };
  } catch (err) {
    await vite?.close();
    await backend.stop();
    await google.stop();
    throw err;
  }
}
