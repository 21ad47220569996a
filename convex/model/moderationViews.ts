// What the moderation desk shows of a case and its target. Only moderator functions use these:
// they name reporters, which nobody else ever learns.
import { v } from "convex/values";
import type { Doc } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { REPORT_REASONS, type ReportReason, type ReportTargetType } from "../constants";
import { vReportReason, vReportTargetType } from "../schema";
import { loadTarget, excerpt, targetLabel, targetPath, authorOf, type Target } from "./moderationTargets";
import { openReports } from "./reports";
import { isSuspended } from "./suspension";
import { displayNameOf, photoUrlOf } from "./users";

export const vTargetState = v.union(
  v.literal("visible"),
  v.literal("hidden"),
  v.literal("pending"),
  v.literal("held"),
  v.literal("deleted"),
  v.literal("suspended"),
);

export const vTargetPreview = v.object({
  label: v.string(),
  excerpt: v.string(),
  thumbnailUrl: v.union(v.string(), v.null()),
  path: v.union(v.string(), v.null()),
  state: vTargetState,
  author: v.union(
    v.object({
      _id: v.id("users"),
      displayName: v.string(),
      handle: v.union(v.string(), v.null()),
      photoUrl: v.union(v.string(), v.null()),
    }),
    v.null(),
  ),
});

export const vCaseSummary = v.object({
  caseId: v.id("reportCases"),
  targetType: vReportTargetType,
  targetId: v.string(),
  openCount: v.number(),
  openedAt: v.number(),
  reasons: v.array(v.object({ reason: vReportReason, count: v.number() })),
  target: vTargetPreview,
});

export const DELETED_TARGET_LABEL = "（削除されたコンテンツ）";

export function targetState(target: Target | null, now: number) {
  if (!target) return "deleted" as const;
  if (target.type === "user") return isSuspended(target.doc, now) ? ("suspended" as const) : ("visible" as const);
  return target.doc.moderation?.state ?? (target.doc.hidden ? ("hidden" as const) : ("visible" as const));
}

function targetExcerpt(target: Target): string {
  switch (target.type) {
    case "work":
    case "challenge":
      return excerpt(target.doc.description, 200);
    case "comment":
      return excerpt(target.doc.content, 500);
    case "user":
      return excerpt(target.doc.bio ?? "", 200);
  }
}

async function thumbnailOf(ctx: QueryCtx, target: Target): Promise<string | null> {
  if (target.type === "work") {
    const first = target.doc.screenshots[0];
    return first ? await ctx.storage.getUrl(first.thumbnailStorageId) : null;
  }
  if (target.type === "user") return await photoUrlOf(ctx, target.doc);
  return null;
}

export async function toTargetPreview(ctx: QueryCtx, targetType: ReportTargetType, targetId: string, now: number) {
  const target = await loadTarget(ctx, targetType, targetId);
  if (!target) {
    return { label: DELETED_TARGET_LABEL, excerpt: "", thumbnailUrl: null, path: null, state: "deleted" as const, author: null };
  }
  const authorId = authorOf(target);
  const author = authorId ? await ctx.db.get("users", authorId) : null;
  return {
    label: targetLabel(target),
    excerpt: targetExcerpt(target),
    thumbnailUrl: await thumbnailOf(ctx, target),
    path: targetPath(target),
    state: targetState(target, now),
    author: author
      ? { _id: author._id, displayName: displayNameOf(author), handle: author.handle ?? null, photoUrl: await photoUrlOf(ctx, author) }
      : null,
  };
}

/** How many reports of each reason, in the report dialog's order. */
export function reasonCounts(reports: Pick<Doc<"reports">, "reason">[]) {
  const counts = new Map<ReportReason, number>();
  for (const report of reports) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  return REPORT_REASONS.filter((reason) => counts.has(reason)).map((reason) => ({ reason, count: counts.get(reason)! }));
}

/** A case as the queue lists it; the reasons are those of `reports` (its open ones by default). */
export async function toCaseSummary(ctx: QueryCtx, reportCase: Doc<"reportCases">, now: number, reports?: Doc<"reports">[]) {
  const counted = reports ?? (await openReports(ctx, reportCase._id, 200));
  return {
    caseId: reportCase._id,
    targetType: reportCase.targetType,
    targetId: reportCase.targetId,
    openCount: reportCase.openCount,
    openedAt: -reportCase.openOrder,
    reasons: reasonCounts(counted),
    target: await toTargetPreview(ctx, reportCase.targetType, reportCase.targetId, now),
  };
}
