import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { sanitizeText } from "./cleanText";
import { bumpSiteCounter } from "./siteCounters";
import { newUserDocument, type GoogleProfile } from "./users";

/**
 * The deployment's first admins: ADMIN_EMAILS, comma-separated Google addresses (set with
 * `npx convex env set ADMIN_EMAILS a@example.com,b@example.com`). Read at each sign-in, so adding
 * an address takes effect the next time that person signs in; removing one takes no role away
 * (an admin revokes roles on /admin, where it is logged).
 */
export function adminEmails(value: string | undefined): Set<string> {
  return new Set(
    (value ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email !== ""),
  );
}

/** Makes the user an admin when ADMIN_EMAILS names their (Google-verified) address; logged. */
async function applyAdminEmails(ctx: MutationCtx, userId: Id<"users">, email: string | undefined) {
  if (!email || !adminEmails(process.env.ADMIN_EMAILS).has(email.trim().toLowerCase())) return;
  const user = await ctx.db.get("users", userId);
  if (!user || user.role === "admin") return;
  await ctx.db.patch("users", userId, { role: "admin" });
  await ctx.db.insert("moderationActions", {
    kind: "grant_role",
    targetType: "user",
    targetId: userId,
    subjectId: userId,
    targetLabel: email,
    note: "ADMIN_EMAILS に含まれるアドレスでログインしました",
    role: "admin",
  });
}

/** Reads the fields Google's ID token gives us from Convex Auth's loosely typed profile. */
export function googleProfileOf(profile: Record<string, unknown>): GoogleProfile {
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);
  const result: GoogleProfile = {};
  // The name is shown as the display name until the user sets one, so it follows the text rule
  // (model/cleanText.ts); nobody can be asked to fix it, so bidirectional controls are dropped.
  const name = text(typeof profile.name === "string" ? sanitizeText(profile.name) : undefined);
  const email = text(profile.email);
  const image = text(profile.image);
  if (name !== undefined) result.name = name;
  if (email !== undefined) result.email = email;
  if (image !== undefined) result.image = image;
  return result;
}

/**
 * Convex Auth's createOrUpdateUser: the first sign-in creates an empty profile
 * (profileCompleted false); later sign-ins refresh only Google's own name, e-mail and picture,
 * never the display name or photo the user edited in the app (those live in other fields).
 */
export async function createOrRefreshGoogleUser(
  ctx: MutationCtx,
  existingUserId: Id<"users"> | null,
  profile: GoogleProfile,
  now: number,
): Promise<Id<"users">> {
  const existing = existingUserId ? await ctx.db.get("users", existingUserId) : null;
  if (existing) {
    await ctx.db.patch("users", existing._id, {
      name: profile.name,
      email: profile.email,
      image: profile.image,
    });
    await applyAdminEmails(ctx, existing._id, profile.email);
    return existing._id;
  }
  const userId = await ctx.db.insert("users", newUserDocument(profile, now));
  await bumpSiteCounter(ctx, "users", 1);
  await applyAdminEmails(ctx, userId, profile.email);
  return userId;
}
