// Test fixtures for challenges: a fixed clock, a valid create form, many signed-in users at once,
// and an entry made through the real functions. The two dots in this file's name keep it out of
// the deployed modules.
import { vi } from "vitest";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { signInAs, type TestConvex } from "../test.setup";
import { type ChallengeFormInput } from "./challengeRules";
import { addDays, japanDate } from "./japanTime";
import { newUserDocument } from "./users";
import { createWork } from "./works.testkit";

/** 2025-01-15 12:00 in Japan (03:00 UTC): far from either midnight. */
export const NOON_IN_JAPAN = Date.parse("2025-01-15T03:00:00Z");

/** Fake timers at NOON_IN_JAPAN; pair with `vi.useRealTimers()` after each test. */
export function useJapanNoon() {
  vi.useFakeTimers();
  vi.setSystemTime(NOON_IN_JAPAN);
}

/** The Japanese calendar day `days` after today (by the current, possibly fake, clock). */
export const dayFromToday = (days: number) => addDays(japanDate(Date.now()), days);

/** A create form that passes every rule: a week long, no prize. */
export function challengeForm(input: Partial<ChallengeFormInput> = {}): ChallengeFormInput {
  return {
    title: "冬のミニゲーム",
    description: "冬をテーマにしたミニゲームを作ろう",
    requirements: "AIツールを使って作ること",
    endDate: dayFromToday(7),
    prize: false,
    prizeDescription: "",
    tags: ["冬"],
    ...input,
  };
}

type Client = Pick<TestConvex, "mutation">;

/** Creates a challenge through `challenges.create` as `organiser`. */
export async function createChallenge(organiser: Client, input: Partial<ChallengeFormInput> = {}) {
  return await organiser.mutation(api.challenges.create, challengeForm(input));
}

/**
 * `count` users with sessions, inserted in one transaction (far quicker than createUser each),
 * each with a client signed in as them.
 */
export async function signedInUsers(t: TestConvex, count: number, namePrefix = "投票者") {
  const ids = await t.run(async (ctx) => {
    const out: { userId: Id<"users">; sessionId: Id<"authSessions"> }[] = [];
    for (let i = 0; i < count; i++) {
      const userId = await ctx.db.insert("users", newUserDocument({ name: `${namePrefix}${i}` }, Date.now()));
      const sessionId = await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 30 * 86_400_000 });
      out.push({ userId, sessionId });
    }
    return out;
  });
  return ids.map(({ userId, sessionId }) => ({ userId, as: signInAs(t, userId, sessionId) }));
}

/** Posts a work for `user` and enters it through `challenges.enter`. */
export async function enterNewWork(
  t: TestConvex,
  user: { userId: Id<"users">; as: Client },
  challengeId: Id<"challenges">,
  title = "作品",
) {
  const projectId = await createWork(t, user.userId, { title });
  const submissionId = await user.as.mutation(api.challenges.enter, { challengeId, projectId });
  return { projectId, submissionId };
}
