// The audit log (moderationActions): one row per moderator action or automatic signal, written
// here and nowhere else. Rows are only ever inserted: the log is the record of who did what, when
// and why, so nothing patches or deletes one (account deletion keeps them too).
import { v } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { ModerationActionKind, ReportTargetType, Role } from "../constants";
import { vModerationActionKind, vReportTargetType, vRole } from "../schema";
import { displayNameOf } from "./users";

export type NewAuditEntry = {
  kind: ModerationActionKind;
  /** Unset for the automatic signals. */
  moderatorId?: Id<"users">;
  targetType: ReportTargetType;
  targetId: string;
  subjectId?: Id<"users">;
  targetLabel: string;
  note: string;
  until?: number;
  role?: Role;
  caseId?: Id<"reportCases">;
};

/** Appends one entry and returns its id. */
export async function writeAudit(ctx: MutationCtx, entry: NewAuditEntry): Promise<Id<"moderationActions">> {
  const row: Omit<Doc<"moderationActions">, "_id" | "_creationTime"> = {
    kind: entry.kind,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel,
    note: entry.note,
    ...(entry.moderatorId ? { moderatorId: entry.moderatorId } : {}),
    ...(entry.subjectId ? { subjectId: entry.subjectId } : {}),
    ...(entry.until !== undefined ? { until: entry.until } : {}),
    ...(entry.role ? { role: entry.role } : {}),
    ...(entry.caseId ? { caseId: entry.caseId } : {}),
  };
  return await ctx.db.insert("moderationActions", row);
}

const vPersonRef = v.object({ displayName: v.string(), handle: v.union(v.string(), v.null()) });

export const vAuditEntry = v.object({
  _id: v.id("moderationActions"),
  kind: vModerationActionKind,
  createdAt: v.number(),
  /** Null: done by an automatic signal (or by a moderator whose account is gone). */
  moderator: v.union(vPersonRef, v.null()),
  targetType: vReportTargetType,
  targetId: v.string(),
  targetLabel: v.string(),
  subject: v.union(v.object({ _id: v.id("users"), ...vPersonRef.fields }), v.null()),
  note: v.string(),
  until: v.union(v.number(), v.null()),
  role: v.union(vRole, v.null()),
});

export async function toAuditEntry(ctx: QueryCtx, row: Doc<"moderationActions">) {
  const moderator = row.moderatorId ? await ctx.db.get("users", row.moderatorId) : null;
  const subject = row.subjectId ? await ctx.db.get("users", row.subjectId) : null;
  return {
    _id: row._id,
    kind: row.kind,
    createdAt: row._creationTime,
    moderator: moderator ? { displayName: displayNameOf(moderator), handle: moderator.handle ?? null } : null,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    subject: subject ? { _id: subject._id, displayName: displayNameOf(subject), handle: subject.handle ?? null } : null,
    note: row.note,
    until: row.until ?? null,
    role: row.role ?? null,
  };
}
