// What every endpoint needs to know about the running stand-in.
import type { ClientConfig } from "./client-auth.js";
import type { GrantStore } from "./grants.js";
import type { SigningKey } from "./signing-key.js";

export interface StandInContext {
  /** Exactly "http://127.0.0.1:<port>": the discovery `issuer` and every ID token's `iss`. */
  issuer: string;
  client: ClientConfig;
  grants: GrantStore;
  key: SigningKey;
  /** Milliseconds since the epoch; replaceable so tests can make codes expire. */
  now: () => number;
  log: (message: string) => void;
}
