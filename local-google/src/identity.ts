// Test identities and the Google-style claims derived from them.
import { createHash } from "node:crypto";

/** What the person picks or types on the chooser page. */
export interface Identity {
  name: string;
  email: string;
  /** Absent means "use the stand-in's generated avatar". */
  picture?: string;
}

/** The profile claims Google puts into the ID token and returns from userinfo. */
export interface ProfileClaims {
  sub: string;
  name: string;
  given_name?: string;
  family_name?: string;
  picture: string;
  email: string;
  email_verified: true;
}

export const DEMO_IDENTITIES: readonly Identity[] = [
  { name: "山田 花子", email: "hanako@example.com" },
  { name: "鈴木 一郎", email: "ichiro@example.com" },
  { name: "Test User", email: "test@example.com" },
  // Named in ADMIN_EMAILS by the offline stack: signs in as the demo admin (moderation desk).
  { name: "管理者（デモ）", email: "admin@demo.vibe-gallery.example" },
];

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Google's `sub` is a stable 21-digit number per account. Deriving it from the email makes the
 * same email sign in as the same account across restarts, and different emails as different ones.
 */
export function subjectForEmail(email: string): string {
  const digest = createHash("sha256").update(normalizeEmail(email)).digest();
  const number = BigInt(`0x${digest.subarray(0, 16).toString("hex")}`) % 10n ** 20n;
  return `1${number.toString().padStart(20, "0")}`;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/;

/**
 * Splits a display name the way Google reports it: Japanese/Chinese names are written family
 * name first ("山田 花子"), Western names given name first ("Test User"). A name without a space
 * becomes the given name only.
 */
export function splitName(name: string): { given_name?: string; family_name?: string } {
  const parts = name
    .trim()
    .split(/[\s\u3000]+/)
    .filter(Boolean);
  if (parts.length === 0) return {};
  if (parts.length === 1) return { given_name: parts[0] };
  if (CJK.test(name)) return { family_name: parts[0], given_name: parts.slice(1).join(" ") };
  return { given_name: parts.slice(0, -1).join(" "), family_name: parts[parts.length - 1] };
}

export function avatarUrl(issuer: string, identity: Pick<Identity, "name" | "email">): string {
  const seed = subjectForEmail(identity.email);
  return `${issuer}/avatar/${seed}.svg?name=${encodeURIComponent(identity.name.trim())}`;
}

export function profileClaims(issuer: string, identity: Identity): ProfileClaims {
  const name = identity.name.trim();
  return {
    sub: subjectForEmail(identity.email),
    name,
    ...splitName(name),
    picture: identity.picture ?? avatarUrl(issuer, identity),
    email: normalizeEmail(identity.email),
    // Google only issues verified addresses for Google accounts; Convex Auth reads this to decide
    // whether the email can be trusted.
    email_verified: true,
  };
}

// Deliberately simple: one @, something on both sides, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type IdentityInput = { name?: string; email?: string; picture?: string };
export type IdentityErrors = Partial<Record<"name" | "email" | "picture", string>>;

/** Checks a typed identity; messages are shown next to the fields on the chooser page. */
export function parseIdentity(input: IdentityInput): { identity: Identity } | { errors: IdentityErrors } {
  const errors: IdentityErrors = {};
  const name = (input.name ?? "").trim();
  const email = (input.email ?? "").trim();
  const picture = (input.picture ?? "").trim();
  if (!name) errors.name = "名前を入力してください";
  else if (name.length > 100) errors.name = "名前は100文字以内で入力してください";
  if (!email) errors.email = "メールアドレスを入力してください";
  else if (!EMAIL.test(email) || email.length > 254) errors.email = "メールアドレスの形式が正しくありません";
  if (picture && !isHttpUrl(picture)) errors.picture = "画像URLは http:// または https:// で始まるURLを入力してください";
  if (Object.keys(errors).length > 0) return { errors };
  return { identity: { name, email: normalizeEmail(email), ...(picture ? { picture } : {}) } };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
