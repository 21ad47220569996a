// local-google: a small Google OpenID Connect stand-in for offline development and tests.
// Point Convex Auth's Google provider at it with AUTH_GOOGLE_ISSUER=http://127.0.0.1:<port>.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { StandInContext } from "./context.js";
import { GrantStore } from "./grants.js";
import { createRequestHandler } from "./server.js";
import { createSigningKey } from "./signing-key.js";

export { DEMO_IDENTITIES, subjectForEmail, type Identity, type ProfileClaims } from "./identity.js";
export { PAGE_TITLE, SUBMIT_LABEL, CANCEL_LABEL } from "./chooser-page.js";

export const DEFAULT_PORT = 3212;

export interface GoogleStandInOptions {
  /** Port on 127.0.0.1; 0 picks a free one. Default 3212. */
  port?: number;
  /** When set, /authorize and /token accept only this client_id (AUTH_GOOGLE_ID). */
  clientId?: string;
  /** When set, /token requires this client secret (AUTH_GOOGLE_SECRET). */
  clientSecret?: string;
  /** Receives one line per sign-in, token and refused request. Silent when omitted. */
  log?: (message: string) => void;
  /** Clock in milliseconds, for tests that let codes expire. Default Date.now. */
  now?: () => number;
}

export interface GoogleStandIn {
  /** Exactly "http://127.0.0.1:<port>", equal to the discovery `issuer` and the ID tokens' `iss`. */
  issuer: string;
  /** Base URL of the endpoints; the same string as `issuer`. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startGoogleStandIn(options: GoogleStandInOptions = {}): Promise<GoogleStandIn> {
  const port = options.port ?? DEFAULT_PORT;
  const now = options.now ?? Date.now;
  const key = await createSigningKey();
  const ctx: StandInContext = {
    issuer: "", // known once the port is bound
    client: {
      ...(options.clientId !== undefined ? { clientId: options.clientId } : {}),
      ...(options.clientSecret !== undefined ? { clientSecret: options.clientSecret } : {}),
    },
    grants: new GrantStore(now),
    key,
    now,
    log: options.log ?? (() => {}),
  };
  const server = createServer(createRequestHandler(ctx));
  const boundPort = await listen(server, port);
  // 127.0.0.1, never "localhost": the issuer is compared as a string, and the two differ.
  ctx.issuer = `http://127.0.0.1:${boundPort}`;
  return {
    issuer: ctx.issuer,
    url: ctx.issuer,
    port: boundPort,
    stop: () => close(server),
  };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      reject(
        err.code === "EADDRINUSE"
          ? new Error(`local-google: port ${port} on 127.0.0.1 is already in use (another stand-in running?)`)
          : err,
      );
    };
    server.once("error", onError);
    // Loopback only: this server hands out identities without passwords.
    server.listen(port, "127.0.0.1", () => {
      server.off("error", onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    // Browsers and fetch keep connections alive; without this close() waits for them to time out.
    server.closeAllConnections();
  });
}
