// A moderator's actions and the automatic signals (docs: trust and safety). Each writes one
// audit entry, resolves the target's case, changes the target with exact counters
// (moderationTargets.ts) and tells the author, all in the caller's transaction.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { ReportTargetType } from "../constants";
import { cleanText } from "./cleanText";
import { recordDaily } from "./analytics";
import { commentPreview, notify, type NewNotification } from "./notifications";
import { userError } from "./errors";
import { isModerator } from "./functions";
import { writeAudit } from "./moderationLog";
import { MODERATION_DAY, MODERATION_RULES } from "./moderationRules";
import {
  authorOf,
  deleteTarget,
  hideTarget,
  loadTarget,
  restoreTarget,
  targetLabel,
  type ContentTarget,
  type Target,
} from "./moderationTargets";
import { DELETED_TARGET_LABEL } from "./moderationViews";
import { addReport, findCase, isTrustedReporter, openCase, resolveCase } from "./reports";

export const MODERATION_MESSAGES = {
  targetNotFound: "対象が見つかりません",
  noteRequired: "理由を入力してください",
  noteTooLong: `理由は${MODERATION_RULES.actionNoteMax}文字以内で入力してください`,
  badDays: `停止期間は1〜${MODERATION_RULES.maxSuspensionDays}日の日数で指定してください`,
  daysOnlyForSuspend: "停止期間は一時停止のときだけ指定できます",
  userNotContent: "ユーザーは非表示・削除にできません。一時停止を使ってください",
  notHidden: "この対象は非表示になっていません",
  noAuthor: "対象のユーザーが見つかりません",
  selfSuspend: "自分を一時停止することはできません",
  staffSuspend: "モデレーター・管理者は一時停止できません。先に権限を外してください",
  notSuspended: "このユーザーは一時停止されていません",
  reviewNotAuthor: "再審査を依頼できるのは投稿者だけです",
  reviewNothing: "再審査の対象になる対応がありません",
  reviewAlready: "この対応への再審査はすでに依頼済みです",
} as const;

/** What the author of a held comment is told beside it. */
export const HELD_COMMENT_REASON = "新しいアカウントからのリンクを含むコメントは、確認が済むまで投稿者にだけ表示されます";
/** What the author of a work, comment or challenge hidden by the report threshold is told. */
export const PENDING_REASON = "複数の通報があったため、モデレーターが確認するまで表示を控えています";

/** The moderator's required note, cleaned; refused when blank or too long. */
export function validNote(note: string): string {
  const text = cleanText(note, "multiline");
  if (!text) throw userError("INVALID_INPUT", MODERATION_MESSAGES.noteRequired, { note: MODERATION_MESSAGES.noteRequired });
  if (Array.from(text).length > MODERATION_RULES.actionNoteMax) {
    throw userError("INVALID_INPUT", MODERATION_MESSAGES.noteTooLong, { note: MODERATION_MESSAGES.noteTooLong });
  }
  return text;
}

/** "12月3日" in Japan time. */
function japanMonthDay(ms: number): string {
  return new Intl.DateTimeFormat("ja-JP", { timeZone: "Asia/Tokyo", month: "long", day: "numeric" }).format(ms);
}

const NOUNS = { work: "作品", comment: "コメント", challenge: "チャレンジ" } as const;

type NoticeKind = "hide" | "pending" | "restore" | "approve" | "delete";

/** The author's notification about their content (never names the moderator). */
function contentNotice(target: ContentTarget, kind: NoticeKind, note: string): Omit<NewNotification, "userId" | "type"> {
  const noun = NOUNS[target.type];
  const what = `${noun}「${targetLabel(target)}」`;
  // A deleted work or challenge takes its notifications with it, so those point nowhere.
  const links =
    kind === "delete" && target.type !== "comment"
      ? {}
      : target.type === "work"
        ? { projectId: target.doc._id }
        : target.type === "comment"
          ? { projectId: target.doc.projectId }
          : { challengeId: target.doc._id };
  switch (kind) {
    case "hide":
      return {
        ...links,
        title: target.type === "comment" ? "コメントが非表示になりました" : `${noun}が非公開になりました`,
        message: `${what}をモデレーターが非表示にしました。理由：${note} 内容を確認のうえ、再審査を依頼できます`,
      };
    case "pending":
      return {
        ...links,
        title: `${noun}が確認待ちになりました`,
        message: `${what}は複数の通報があったため、モデレーターが確認するまで非表示になっています。再審査を依頼することもできます`,
      };
    case "restore":
      return { ...links, title: `${noun}の表示を再開しました`, message: `${what}は再び表示されています。モデレーターより：${note}` };
    case "approve":
      return { ...links, title: "コメントが公開されました", message: `${what}の確認が済み、公開されました` };
    case "delete":
      return { ...links, title: `${noun}が削除されました`, message: `${what}をモデレーターが削除しました。理由：${note}` };
  }
}

async function notifyAuthor(ctx: MutationCtx, userId: Id<"users"> | undefined, notice: Omit<NewNotification, "userId" | "type">) {
  if (userId) await notify(ctx, { userId, type: "moderation", ...notice });
}

/** A held comment approved: the work's author now hears of it as of any comment. */
async function announceApprovedComment(ctx: MutationCtx, comment: Doc<"comments">) {
  const work = await ctx.db.get("projects", comment.projectId);
  if (!work) return;
  // Shown on the work from today: the day it counts in its creator's analytics.
  await recordDaily(ctx, { work, figure: "comments" });
  await notify(ctx, {
    userId: work.userId,
    type: "comment",
    title: "コメントが届きました",
    message: `あなたの作品「${work.title}」にコメントがつきました`,
    projectId: work._id,
    fromUserId: comment.userId,
    commentPreview: commentPreview(comment.content),
    subject: work.title,
  });
}

export type ActArgs = {
  targetType: ReportTargetType;
  targetId: string;
  kind: "dismiss" | "hide" | "restore" | "delete" | "suspend" | "unsuspend";
  note: string;
  days?: number;
};

/** One moderator action (moderation.act). */
export async function act(ctx: MutationCtx, moderator: Doc<"users">, args: ActArgs, now: number) {
  const note = validNote(args.note);
  if (args.days !== undefined && args.kind !== "suspend") {
    throw userError("INVALID_INPUT", MODERATION_MESSAGES.daysOnlyForSuspend);
  }
  const { targetType, targetId, kind } = args;
  const target = await loadTarget(ctx, targetType, targetId);
  const base = { moderatorId: moderator._id, targetType, targetId, note };

  if (!target) {
    // A case about something already gone can still be closed.
    const reportCase = kind === "dismiss" ? await findCase(ctx, targetType, targetId) : null;
    if (!reportCase) throw userError("NOT_FOUND", MODERATION_MESSAGES.targetNotFound);
    const caseId = await resolveCase(ctx, targetType, targetId, "dismissed", now);
    await writeAudit(ctx, { ...base, kind, targetLabel: DELETED_TARGET_LABEL, subjectId: reportCase.authorId, caseId });
    return;
  }

  const label = targetLabel(target);
  const authorId = authorOf(target);
  const entry = { ...base, targetLabel: label, subjectId: authorId };

  switch (kind) {
    case "dismiss": {
      const caseId = await resolveCase(ctx, targetType, targetId, "dismissed", now);
      await writeAudit(ctx, { ...entry, kind, caseId });
      // Dismissing overturns what an automatic signal did; a moderator's own hide stays.
      if (target.type !== "user" && (target.doc.moderation?.state === "pending" || target.doc.moderation?.state === "held")) {
        await restoreContent(ctx, target, note);
      }
      return;
    }
    case "hide": {
      if (target.type === "user") throw userError("INVALID_INPUT", MODERATION_MESSAGES.userNotContent);
      const caseId = await resolveCase(ctx, targetType, targetId, "actioned", now);
      const actionId = await writeAudit(ctx, { ...entry, kind, caseId });
      await hideTarget(ctx, target, { state: "hidden", reason: note, actionId, reviewRequested: false });
      await notifyAuthor(ctx, authorId, contentNotice(target, "hide", note));
      return;
    }
    case "restore": {
      if (target.type === "user") throw userError("INVALID_INPUT", MODERATION_MESSAGES.userNotContent);
      if (target.doc.hidden !== true) throw userError("INVALID_STATE", MODERATION_MESSAGES.notHidden);
      const caseId = await resolveCase(ctx, targetType, targetId, "actioned", now);
      await writeAudit(ctx, { ...entry, kind, caseId });
      await restoreContent(ctx, target, note);
      return;
    }
    case "delete": {
      if (target.type === "user") throw userError("INVALID_INPUT", MODERATION_MESSAGES.userNotContent);
      const caseId = await resolveCase(ctx, targetType, targetId, "actioned", now);
      await writeAudit(ctx, { ...entry, kind, caseId });
      await deleteTarget(ctx, target);
      await notifyAuthor(ctx, authorId, contentNotice(target, "delete", note));
      return;
    }
    case "suspend": {
      const subject = authorId ? await ctx.db.get("users", authorId) : null;
      if (!subject) throw userError("NOT_FOUND", MODERATION_MESSAGES.noAuthor);
      if (subject._id === moderator._id) throw userError("FORBIDDEN", MODERATION_MESSAGES.selfSuspend);
      if (subject.role) throw userError("FORBIDDEN", MODERATION_MESSAGES.staffSuspend);
      const days = args.days;
      if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > MODERATION_RULES.maxSuspensionDays)) {
        throw userError("INVALID_INPUT", MODERATION_MESSAGES.badDays, { days: MODERATION_MESSAGES.badDays });
      }
      const until = days === undefined ? undefined : now + days * MODERATION_DAY;
      await ctx.db.patch("users", subject._id, {
        suspension: { reason: note, since: now, ...(until !== undefined ? { until } : {}) },
      });
      const caseId = await resolveCase(ctx, targetType, targetId, "actioned", now);
      await writeAudit(ctx, { ...entry, kind, caseId, until });
      await notifyAuthor(ctx, subject._id, {
        title: until === undefined ? "アカウントが一時停止されました" : `アカウントが一時停止されました（${japanMonthDay(until)}まで）`,
        message: `理由：${note} 停止中もログインと閲覧はできますが、投稿・コメント・いいねなどはできません`,
      });
      return;
    }
    case "unsuspend": {
      const subject = authorId ? await ctx.db.get("users", authorId) : null;
      if (!subject) throw userError("NOT_FOUND", MODERATION_MESSAGES.noAuthor);
      if (!subject.suspension) throw userError("INVALID_STATE", MODERATION_MESSAGES.notSuspended);
      await ctx.db.patch("users", subject._id, { suspension: undefined });
      const caseId = await resolveCase(ctx, targetType, targetId, "actioned", now);
      await writeAudit(ctx, { ...entry, kind, caseId });
      await notifyAuthor(ctx, subject._id, {
        title: "アカウントの一時停止が解除されました",
        message: `これまでどおりご利用いただけます。モデレーターより：${note}`,
      });
      return;
    }
  }
}

/** Puts a target back and tells its author (a held comment: also its work's author). */
async function restoreContent(ctx: MutationCtx, target: ContentTarget, note: string) {
  const wasHeld = target.doc.moderation?.state === "held";
  await restoreTarget(ctx, target);
  if (target.type === "comment" && wasHeld) {
    await notifyAuthor(ctx, target.doc.userId, contentNotice(target, "approve", note));
    await announceApprovedComment(ctx, target.doc);
    return;
  }
  await notifyAuthor(ctx, authorOf(target), contentNotice(target, "restore", note));
}

// ---------------------------------------------------------------------------------------------
// Reports and the automatic signals

/**
 * A person's report, already checked (target exists, not theirs, no open report of theirs).
 * Enough trusted reporters hide a visible work, comment or challenge until a moderator decides;
 * a reported user is never suspended automatically (the case just rises in the queue).
 */
export async function fileReport(
  ctx: MutationCtx,
  reporter: Doc<"users">,
  target: Target,
  report: { reason: Doc<"reports">["reason"]; note?: string },
  now: number,
) {
  const targetId = target.doc._id as string;
  let reportCase = await openCase(ctx, { targetType: target.type, targetId, authorId: authorOf(target) }, now);
  reportCase = await addReport(ctx, reportCase, { reporterId: reporter._id, ...report, trusted: isTrustedReporter(reporter, now) }, now);
  if (target.type === "user" || target.doc.hidden === true) return;
  if (reportCase.trustedReporters < MODERATION_RULES.autoHideReporters) return;
  const actionId = await writeAudit(ctx, {
    kind: "auto_hide",
    targetType: target.type,
    targetId,
    subjectId: authorOf(target),
    targetLabel: targetLabel(target),
    note: `${MODERATION_RULES.autoHideReporters}人以上の通報により自動で非表示にしました`,
    caseId: reportCase._id,
  });
  await hideTarget(ctx, target, { state: "pending", reason: PENDING_REASON, actionId, reviewRequested: false });
  await notifyAuthor(ctx, authorOf(target), contentNotice(target, "pending", ""));
}

/**
 * A posted or edited work whose demo URL (folded, model/demoUrls.ts) is already another user's
 * work's is flagged for review; it stays visible.
 */
export async function flagDuplicateDemoUrl(ctx: MutationCtx, work: Doc<"projects">, now: number) {
  const key = work.demoUrlKey;
  if (!key) return;
  const sameUrl = await ctx.db
    .query("projects")
    .withIndex("by_demoUrlKey", (q) => q.eq("demoUrlKey", key))
    .take(20);
  const original = sameUrl.find((other) => other.userId !== work.userId);
  if (!original) return;
  const note = `デモURLが別のユーザーの作品「${original.title}」と同じです`;
  let reportCase = await openCase(ctx, { targetType: "work", targetId: work._id, authorId: work.userId }, now);
  reportCase = await addReport(ctx, reportCase, { reason: "rights", source: "auto", note }, now);
  await writeAudit(ctx, {
    kind: "auto_flag",
    targetType: "work",
    targetId: work._id,
    subjectId: work.userId,
    targetLabel: work.title,
    note,
    caseId: reportCase._id,
  });
}

const LINK = /https?:\/\/|www\./i;

/** Whether a comment must wait for a moderator: a link from an account younger than the rule. */
export function mustHoldComment(writer: Doc<"users">, content: string, now: number): boolean {
  return !isModerator(writer) && writer._creationTime > now - MODERATION_RULES.linkHoldAccountAge && LINK.test(content);
}

/** Records why a comment inserted as held (insertComment's `held`) waits, and queues it. */
export async function holdComment(ctx: MutationCtx, commentId: Id<"comments">, now: number) {
  const comment = (await ctx.db.get("comments", commentId))!;
  let reportCase = await openCase(ctx, { targetType: "comment", targetId: commentId, authorId: comment.userId }, now);
  reportCase = await addReport(ctx, reportCase, { reason: "spam", source: "auto", note: HELD_COMMENT_REASON }, now);
  const actionId = await writeAudit(ctx, {
    kind: "auto_hold",
    targetType: "comment",
    targetId: commentId,
    subjectId: comment.userId,
    targetLabel: targetLabel({ type: "comment", doc: comment }),
    note: HELD_COMMENT_REASON,
    caseId: reportCase._id,
  });
  await ctx.db.patch("comments", commentId, {
    moderation: { state: "held", reason: HELD_COMMENT_REASON, actionId, reviewRequested: false },
  });
}

/** The author asks for another look at what was done to their content: once per action. */
export async function requestReview(
  ctx: MutationCtx,
  viewer: Doc<"users">,
  targetType: "work" | "comment" | "challenge",
  targetId: string,
  now: number,
) {
  const target = (await loadTarget(ctx, targetType, targetId)) as ContentTarget | null;
  if (!target) throw userError("NOT_FOUND", MODERATION_MESSAGES.targetNotFound);
  if (authorOf(target) !== viewer._id) throw userError("FORBIDDEN", MODERATION_MESSAGES.reviewNotAuthor);
  const moderation = target.doc.moderation;
  if (!moderation) throw userError("INVALID_STATE", MODERATION_MESSAGES.reviewNothing);
  if (moderation.reviewRequested) throw userError("CONFLICT", MODERATION_MESSAGES.reviewAlready);
  const updated = { ...moderation, reviewRequested: true };
  if (target.type === "work") await ctx.db.patch("projects", target.doc._id, { moderation: updated });
  else if (target.type === "comment") await ctx.db.patch("comments", target.doc._id, { moderation: updated });
  else await ctx.db.patch("challenges", target.doc._id, { moderation: updated });

  let reportCase = await openCase(ctx, { targetType, targetId: target.doc._id, authorId: viewer._id }, now);
  reportCase = await addReport(ctx, reportCase, { reason: "other", source: "review" }, now);
  await writeAudit(ctx, {
    kind: "review_requested",
    targetType,
    targetId: target.doc._id,
    subjectId: viewer._id,
    targetLabel: targetLabel(target),
    note: "投稿者が再審査を依頼しました",
    caseId: reportCase._id,
  });
}
