// The environment functions see as process.env: like a deployment's env vars, not the host's.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import type { DataDir } from "./data-dir.js";

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
    const key = match[1];
    let value = match[2];
    const quote = value[0];
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
  const existing = dataDir.readJson<Secrets>(SECRETS_FILE);
  if (existing?.JWT_PRIVATE_KEY && existing.JWKS && existing.adminKey) return existing;
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
