// The environment functions see as process.env: like a deployment's env vars, not the host's.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import path from "node:path";
import { type DataDir, LocalBackendStartupError } from "../persistence/data-dir.js";

const SECRETS_FILE = "secrets.json";

export interface Secrets {
  JWT_PRIVATE_KEY: string;
  JWKS: string;
  adminKey: string;
}

/** Minimal dotenv: KEY=value, optional `export`, quotes, # comments, \n in double quotes. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const rawLine of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = rawLine.trim();
    if (!line || line.startsWith("#")) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, key = "", rawValue = ""] = match;
    let value = rawValue;
    const quote = value.charAt(0);
    if ((quote === '"' || quote === "'" || quote === "`") && value.lastIndexOf(quote) > 0) {
      value = value.slice(1, value.lastIndexOf(quote));
      if (quote === '"') value = value.replace(/\\n/g, "\n").replace(/\\r/g, "\r");
    } else {
      value = value.replace(/\s+#.*$/, "").trim();
    }
    env[key] = value;
  }
  return env;
}

export function readEnvFiles(files: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    Object.assign(env, parseEnvFile(fs.readFileSync(file, "utf8")));
  }
  return env;
}

/** RS256 key pair in the format @convex-dev/auth's setup writes (PEM with spaces, JWKS JSON). */
async function generateSecrets(): Promise<Secrets> {
  const keys = await generateKeyPair("RS256", { extractable: true });
  const privateKey = await exportPKCS8(keys.privateKey);
  const publicKey = await exportJWK(keys.publicKey);
  return {
    JWT_PRIVATE_KEY: privateKey.trimEnd().replace(/\n/g, " "),
    JWKS: JSON.stringify({ keys: [{ use: "sig", ...publicKey }] }),
    adminKey: `local-admin|${randomBytes(24).toString("hex")}`,
  };
}

/** Generated on first start and kept in the data dir, so sessions survive restarts. */
export async function loadOrCreateSecrets(dataDir: DataDir): Promise<Secrets> {
  // New keys would sign every user out and change the admin key: never replace them silently.
  const recovery =
    `restore ${SECRETS_FILE} from a backup, or delete it to have new keys generated ` +
    "(every signed-in user then has to sign in again, and the admin key changes; documents and files are kept)";
  const existing = dataDir.readJson<Partial<Secrets>>(SECRETS_FILE, recovery);
  if (existing !== null) {
    const valid =
      typeof existing === "object" &&
      typeof existing.JWT_PRIVATE_KEY === "string" &&
      typeof existing.JWKS === "string" &&
      typeof existing.adminKey === "string";
    if (valid && existing.JWT_PRIVATE_KEY && existing.JWKS && existing.adminKey) return existing as Secrets;
    throw new LocalBackendStartupError(
      path.join(dataDir.root, SECRETS_FILE),
      "does not hold the JWT_PRIVATE_KEY, JWKS and adminKey strings the backend wrote there",
      recovery,
    );
  }
  const secrets = await generateSecrets();
  await dataDir.writeJson(SECRETS_FILE, secrets);
  return secrets;
}

export interface FunctionEnvInput {
  cloudUrl: string;
  siteUrl: string;
  secrets: Secrets;
  fileEnv: Record<string, string>;
  optionEnv: Record<string, string>;
  siteUrlForAuth?: string;
}

export function buildFunctionEnv(input: FunctionEnvInput): Record<string, string> {
  return {
    JWT_PRIVATE_KEY: input.secrets.JWT_PRIVATE_KEY,
    JWKS: input.secrets.JWKS,
    ...input.fileEnv,
    ...input.optionEnv,
    ...(input.siteUrlForAuth ? { SITE_URL: input.siteUrlForAuth } : {}),
    // Built in on every deployment; always this backend's own URLs.
    CONVEX_CLOUD_URL: input.cloudUrl,
    CONVEX_SITE_URL: input.siteUrl,
  };
}
