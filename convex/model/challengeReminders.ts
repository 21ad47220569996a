// Reminders a day before a challenge's deadlines (docs/product.md "Challenge reminders"): the
// entrants hear 24 hours before entries close and 24 hours before voting ends. Each reminder is one
// row per challenge and kind holding its scheduled send: whenever a deadline is set or moves,
// syncReminders moves the send (cancelling the old one) instead of adding a second, and a sent
// reminder is never sent again. The send fans out in batches, one transaction each.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { internal } from "../_generated/api";
import { votingDeadline } from "./challengeTerms";
import { notify } from "./notifications";

export type ReminderKind = Doc<"challengeReminders">["kind"];
export const REMINDER_KINDS: readonly ReminderKind[] = ["entry_deadline", "voting_end"];

/** How long before a deadline its reminder goes out. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/** People one send transaction notifies before handing over to the next. */
export const REMINDER_BATCH = 200;

/** When a reminder is due for the challenge as it stands, or null when it has nothing to remind of. */
export function reminderDueAt(challenge: Doc<"challenges">, kind: ReminderKind): number | null {
  switch (kind) {
    case "entry_deadline":
      return challenge.status === "active" ? challenge.endDate - REMINDER_LEAD_MS : null;
    case "voting_end":
      return challenge.status === "voting" ? votingDeadline(challenge) - REMINDER_LEAD_MS : null;
  }
}

async function reminderRow(ctx: QueryCtx, challengeId: Id<"challenges">, kind: ReminderKind) {
  return await ctx.db
    .query("challengeReminders")
    .withIndex("by_challengeId_and_kind", (q) => q.eq("challengeId", challengeId).eq("kind", kind))
    .unique();
}

/**
 * Brings the challenge's scheduled reminders in line with its deadlines; call it after anything
 * that sets or moves a deadline or changes the status. Unchanged ones are left alone, sent ones
 * stay sent, moved ones are rescheduled, ones with nothing left to remind of are cancelled.
 */
export async function syncReminders(ctx: MutationCtx, challenge: Doc<"challenges">) {
  const now = Date.now();
  for (const kind of REMINDER_KINDS) {
    const due = reminderDueAt(challenge, kind);
    const row = await reminderRow(ctx, challenge._id, kind);
    if (row?.sentAt !== undefined) continue;
    if (row && row.dueAt === due) continue;
    if (row?.scheduledId) await cancelIfPending(ctx, row.scheduledId);
    if (due === null) {
      if (row) await ctx.db.delete("challengeReminders", row._id);
      continue;
    }
    const scheduledId = await ctx.scheduler.runAt(Math.max(due, now), internal.challengeReminders.send, {
      challengeId: challenge._id,
      kind,
      dueAt: due,
      cursor: null,
    });
    if (row) await ctx.db.patch("challengeReminders", row._id, { dueAt: due, scheduledId });
    else await ctx.db.insert("challengeReminders", { challengeId: challenge._id, kind, dueAt: due, scheduledId });
  }
}

async function cancelIfPending(ctx: MutationCtx, scheduledId: Id<"_scheduled_functions">) {
  const job = await ctx.db.system.get("_scheduled_functions", scheduledId);
  if (job?.state.kind === "pending") await ctx.scheduler.cancel(scheduledId);
}

/**
 * Marks the reminder sent as its first batch goes out; false when it is stale (the deadline moved,
 * the challenge moved on or is gone) or already went out, so a send runs once.
 */
export async function claimReminder(
  ctx: MutationCtx,
  challenge: Doc<"challenges"> | null,
  kind: ReminderKind,
  dueAt: number,
  challengeId: Id<"challenges">,
) {
  const row = await reminderRow(ctx, challengeId, kind);
  if (!row || row.dueAt !== dueAt || row.sentAt !== undefined) return false;
  // A deleted challenge's reminder goes with it when its time comes.
  if (!challenge) {
    await ctx.db.delete("challengeReminders", row._id);
    return false;
  }
  if (challenge.hidden || reminderDueAt(challenge, kind) !== dueAt) return false;
  await ctx.db.patch("challengeReminders", row._id, { sentAt: Date.now(), scheduledId: undefined });
  return true;
}

type RecipientPage = { userIds: Id<"users">[]; isDone: boolean; continueCursor: string };
/** One group of people a reminder reaches, read a page at a time. */
type RecipientSource = (ctx: QueryCtx, challenge: Doc<"challenges">, cursor: string | null, numItems: number) => Promise<RecipientPage>;

/** Everyone with an entry in the challenge (one entry per person), oldest entry first. */
const entrants: RecipientSource = async (ctx, challenge, cursor, numItems) => {
  const page = await ctx.db
    .query("challengeSubmissions")
    .withIndex("by_challengeId", (q) => q.eq("challengeId", challenge._id))
    .paginate({ numItems, cursor });
  return { userIds: page.page.map((entry) => entry.userId), isDone: page.isDone, continueCursor: page.continueCursor };
};

/** The judges who accepted (an invitation still open or declined gets no reminder). */
const judges: RecipientSource = async (ctx, challenge, cursor, numItems) => {
  const page = await ctx.db
    .query("challengeJudges")
    .withIndex("by_challengeId_and_userId", (q) => q.eq("challengeId", challenge._id))
    .paginate({ numItems, cursor });
  const accepted = page.page.filter((judge) => judge.status === "accepted");
  return { userIds: accepted.map((judge) => judge.userId), isDone: page.isDone, continueCursor: page.continueCursor };
};

/**
 * Who each reminder reaches, source after source: the entrants, then the judges (a judge is never
 * an entrant, and remindBatch drops repeats within a batch anyway).
 */
export const REMINDER_RECIPIENTS: Record<ReminderKind, readonly RecipientSource[]> = {
  entry_deadline: [entrants, judges],
  voting_end: [entrants, judges],
};

/** The fan-out's place: which source, and the cursor within it. */
export type FanOutCursor = { source: number; cursor: string | null };

/** One batch of a reminder's recipients and where the next batch starts (null when done). */
export async function reminderBatch(
  ctx: QueryCtx,
  challenge: Doc<"challenges">,
  kind: ReminderKind,
  at: FanOutCursor,
): Promise<{ userIds: Id<"users">[]; next: FanOutCursor | null }> {
  const sources = REMINDER_RECIPIENTS[kind];
  const source = sources[at.source];
  if (!source) return { userIds: [], next: null };
  const page = await source(ctx, challenge, at.cursor, REMINDER_BATCH);
  if (!page.isDone) return { userIds: page.userIds, next: { source: at.source, cursor: page.continueCursor } };
  return { userIds: page.userIds, next: at.source + 1 < sources.length ? { source: at.source + 1, cursor: null } : null };
}

/** The reminder's Japanese wording. */
export function reminderText(kind: ReminderKind, challengeTitle: string) {
  switch (kind) {
    case "entry_deadline":
      return {
        title: "チャレンジの提出期限まであと24時間です",
        message: `「${challengeTitle}」の作品募集は24時間後に締め切られます`,
      };
    case "voting_end":
      return {
        title: "チャレンジの投票終了まであと24時間です",
        message: `「${challengeTitle}」の投票は24時間後に締め切られます。投票をお忘れなく`,
      };
  }
}

/** Sends one batch to `userIds`, each per their own settings and mutes. */
export async function remindBatch(ctx: MutationCtx, challenge: Doc<"challenges">, kind: ReminderKind, userIds: Id<"users">[]) {
  const text = reminderText(kind, challenge.title);
  for (const userId of new Set(userIds)) {
    await notify(ctx, { userId, type: "challenge_reminder", ...text, challengeId: challenge._id, subject: challenge.title });
  }
}
