// The moderation desk (/admin): the queue of open cases, a case with its reports and the
// author's history, acting on a target, the audit log, staff and roles. Every function but
// requestReview (the author's) is for moderators; setRole is for admins.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { internalMutation, type QueryCtx } from "./_generated/server";
import { adminMutation, moderatorMutation, moderatorQuery, userMutation } from "./model/functions";
import { Budget, eachRow, runPhases } from "./model/batches";
import { userError } from "./model/errors";
import { act as applyAction, requestReview as askForReview, validNote } from "./model/moderation";
import { toAuditEntry, vAuditEntry, writeAudit } from "./model/moderationLog";
import { loadTarget } from "./model/moderationTargets";
import { removeNotification } from "./model/notificationGroups";
import { targetState, toCaseSummary, vCaseSummary, vTargetState } from "./model/moderationViews";
import { readPage } from "./model/pagination";
import { CLEANUP_BATCH, submissionsPhase } from "./model/projectDeletion";
import { findCase } from "./model/reports";
import { isSuspended } from "./model/suspension";
import { displayNameOf } from "./model/users";
import { vReportReason, vReportTargetType, vRole } from "./schema";

/** Cases per page of the queue. */
const QUEUE_PAGE = 20;
/** Entries per page of the audit log. */
const LOG_PAGE = 50;
/** Reports shown in a case, newest first. */
const CASE_REPORTS = 50;
/** Earlier actions shown about the author. */
const AUTHOR_HISTORY = 20;
/** Moderators or admins listed (a handful in practice). */
const STAFF_MAX = 100;

const vContentType = v.union(v.literal("work"), v.literal("comment"), v.literal("challenge"));

/** Open cases: most open reports first, then the oldest. */
export const queue = moderatorQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vCaseSummary),
  handler: async (ctx, { paginationOpts }) => {
    const now = Date.now();
    const result = await readPage(paginationOpts, QUEUE_PAGE, (opts) =>
      ctx.db
        .query("reportCases")
        .withIndex("by_open_and_openCount_and_openOrder", (q) => q.eq("open", true))
        .order("desc")
        .paginate(opts),
    );
    return { ...result, page: await Promise.all(result.page.map((reportCase) => toCaseSummary(ctx, reportCase, now))) };
  },
});

const vCaseReport = v.object({
  _id: v.id("reports"),
  reason: vReportReason,
  note: v.union(v.string(), v.null()),
  createdAt: v.number(),
  reporter: v.union(v.object({ displayName: v.string(), handle: v.union(v.string(), v.null()) }), v.null()),
  source: v.union(v.literal("report"), v.literal("auto"), v.literal("review")),
});

/** The newest reports of a case, whatever became of them. */
async function caseReports(ctx: QueryCtx, caseId: Id<"reportCases">): Promise<Doc<"reports">[]> {
  const byStatus = await Promise.all(
    (["open", "dismissed", "actioned"] as const).map((status) =>
      ctx.db
        .query("reports")
        .withIndex("by_caseId_and_status", (q) => q.eq("caseId", caseId).eq("status", status))
        .order("desc")
        .take(CASE_REPORTS),
    ),
  );
  return byStatus
    .flat()
    .sort((a, b) => b._creationTime - a._creationTime)
    .slice(0, CASE_REPORTS);
}

/** One case: its summary, its reports with who made them, and the author's record. */
export const caseDetail = moderatorQuery({
  args: { caseId: v.id("reportCases") },
  returns: v.union(
    v.object({
      summary: vCaseSummary,
      reports: v.array(vCaseReport),
      author: v.union(
        v.object({
          _id: v.id("users"),
          displayName: v.string(),
          handle: v.union(v.string(), v.null()),
          createdAt: v.number(),
          role: v.union(vRole, v.null()),
          suspension: v.union(v.object({ until: v.union(v.number(), v.null()), reason: v.string() }), v.null()),
          history: v.array(vAuditEntry),
        }),
        v.null(),
      ),
    }),
    v.null(),
  ),
  handler: async (ctx, { caseId }) => {
    const reportCase = await ctx.db.get("reportCases", caseId);
    if (!reportCase) return null;
    const now = Date.now();
    const reports = await caseReports(ctx, caseId);
    const open = reports.filter((report) => report.status === "open");
    const summary = await toCaseSummary(ctx, reportCase, now, reportCase.open ? open : reports);
    const authorId = summary.target.author?._id ?? reportCase.authorId;
    const author = authorId ? await ctx.db.get("users", authorId) : null;
    const history = author
      ? await ctx.db
          .query("moderationActions")
          .withIndex("by_subjectId", (q) => q.eq("subjectId", author._id))
          .order("desc")
          .take(AUTHOR_HISTORY)
      : [];
    return {
      summary,
      reports: await Promise.all(
        reports.map(async (report) => {
          const reporter = report.reporterId ? await ctx.db.get("users", report.reporterId) : null;
          return {
            _id: report._id,
            reason: report.reason,
            note: report.note ?? null,
            createdAt: report._creationTime,
            reporter: reporter ? { displayName: displayNameOf(reporter), handle: reporter.handle ?? null } : null,
            source: report.source ?? ("report" as const),
          };
        }),
      ),
      author: author
        ? {
            _id: author._id,
            displayName: displayNameOf(author),
            handle: author.handle ?? null,
            createdAt: author._creationTime,
            role: author.role ?? null,
            suspension:
              author.suspension && isSuspended(author, now)
                ? { until: author.suspension.until ?? null, reason: author.suspension.reason }
                : null,
            history: await Promise.all(history.map((row) => toAuditEntry(ctx, row))),
          }
        : null,
    };
  },
});

/** A target's open case (if any) and state, for acting on it from its own page. */
export const targetCase = moderatorQuery({
  args: { targetType: vReportTargetType, targetId: v.string() },
  returns: v.object({ caseId: v.union(v.id("reportCases"), v.null()), state: vTargetState }),
  handler: async (ctx, { targetType, targetId }) => {
    const target = await loadTarget(ctx, targetType, targetId);
    const reportCase = await findCase(ctx, targetType, target ? target.doc._id : targetId);
    return { caseId: reportCase?.open ? reportCase._id : null, state: targetState(target, Date.now()) };
  },
});

/**
 * Acts on a target with a required note: dismiss the reports, hide, restore, delete, suspend
 * or lift the suspension of its author. Closes its case and writes the audit log.
 */
export const act = moderatorMutation({
  rateLimit: "moderate",
  args: {
    targetType: vReportTargetType,
    targetId: v.string(),
    kind: v.union(
      v.literal("dismiss"),
      v.literal("hide"),
      v.literal("restore"),
      v.literal("delete"),
      v.literal("suspend"),
      v.literal("unsuspend"),
    ),
    note: v.string(),
    days: v.optional(v.number()),
  },
  returns: v.null(),
  handler: async (ctx, args) => {
    await applyAction(ctx, ctx.viewer, args, Date.now());
    return null;
  },
});

/** The audit log, newest first. */
export const log = moderatorQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vAuditEntry),
  handler: async (ctx, { paginationOpts }) => {
    const result = await readPage(paginationOpts, LOG_PAGE, (opts) => ctx.db.query("moderationActions").order("desc").paginate(opts));
    return { ...result, page: await Promise.all(result.page.map((row) => toAuditEntry(ctx, row))) };
  },
});

/** Moderators and admins. */
export const staff = moderatorQuery({
  args: {},
  returns: v.array(v.object({ _id: v.id("users"), displayName: v.string(), handle: v.union(v.string(), v.null()), role: vRole })),
  handler: async (ctx) => {
    const out = [];
    for (const role of ["admin", "moderator"] as const) {
      const users = await ctx.db
        .query("users")
        .withIndex("by_role", (q) => q.eq("role", role))
        .take(STAFF_MAX);
      for (const user of users) out.push({ _id: user._id, displayName: displayNameOf(user), handle: user.handle ?? null, role });
    }
    return out;
  },
});

export const ROLE_MESSAGES = {
  userNotFound: "ユーザーが見つかりません",
  ownAdmin: "自分の管理者権限は外せません",
} as const;

/** Grants or revokes a role (admins only). An admin cannot take away their own admin role. */
export const setRole = adminMutation({
  rateLimit: "staffChange",
  args: { user: v.string(), role: v.union(vRole, v.null()), note: v.string() },
  returns: v.null(),
  handler: async (ctx, { user: ref, role, note }) => {
    const text = validNote(note);
    const handle = ref.trim().replace(/^@/, "").toLowerCase();
    const byHandle = handle
      ? await ctx.db
          .query("users")
          .withIndex("by_handle", (q) => q.eq("handle", handle))
          .unique()
      : null;
    const id = ctx.db.normalizeId("users", ref.trim());
    const user = byHandle ?? (id ? await ctx.db.get("users", id) : null);
    if (!user) throw userError("NOT_FOUND", ROLE_MESSAGES.userNotFound);
    if (user._id === ctx.viewer._id && role !== "admin") throw userError("FORBIDDEN", ROLE_MESSAGES.ownAdmin);
    const previous = user.role ?? null;
    if (previous === role) return null;
    await ctx.db.patch("users", user._id, { role: role ?? undefined });
    await writeAudit(ctx, {
      kind: role === null ? "revoke_role" : "grant_role",
      moderatorId: ctx.viewer._id,
      targetType: "user",
      targetId: user._id,
      subjectId: user._id,
      targetLabel: displayNameOf(user),
      note: text,
      role: role ?? previous ?? undefined,
    });
    return null;
  },
});

/**
 * The author asks for another look at the hiding of their work, comment or challenge: once per
 * action, allowed while suspended. The case goes back into the queue.
 */
export const requestReview = userMutation({
  rateLimit: "reviewRequest",
  args: { targetType: vContentType, targetId: v.string() },
  returns: v.null(),
  handler: async (ctx, { targetType, targetId }) => {
    await askForReview(ctx, ctx.viewer, targetType, targetId, Date.now());
    return null;
  },
});

/** Deletes what a deleted challenge leaves behind (entries with their votes, notifications). */
export const purgeChallengeChildren = internalMutation({
  args: { challengeId: v.id("challenges") },
  returns: v.null(),
  handler: async (ctx, { challengeId }): Promise<null> => {
    if (await ctx.db.get("challenges", challengeId)) return null;
    const done = await runPhases(new Budget(CLEANUP_BATCH), [
      submissionsPhase(ctx, (n) =>
        ctx.db
          .query("challengeSubmissions")
          .withIndex("by_challengeId", (q) => q.eq("challengeId", challengeId))
          .take(n),
      ),
      eachRow(
        (n) =>
          ctx.db
            .query("notifications")
            .withIndex("by_challengeId", (q) => q.eq("challengeId", challengeId))
            .take(n),
        (notification) => removeNotification(ctx, notification),
      ),
    ]);
    if (!done) await ctx.scheduler.runAfter(0, internal.moderation.purgeChallengeChildren, { challengeId });
    return null;
  },
});
