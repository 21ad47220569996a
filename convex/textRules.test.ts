// The text rule (docs/decisions.md "Text"; model/cleanText.ts) through every public
// mutation that stores what people type: works (create, update), profiles (setup, edit),
// comments and challenges. Bidirectional overrides/isolates are refused with a field message and
// nothing is written; control characters are dropped (newline and tab kept in multi-line
// fields); NFD input is stored NFC.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { TEXT_MESSAGES } from "./model/cleanText";
import { challengeForm, dayFromToday, useJapanNoon } from "./model/challenges.testkit";
import { uploadShot } from "./model/screenshots.testkit";
import { createWork } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

const RLO = "\u202E";
const ISOLATE = "\u2066";
const NUL = "\u0000";
const ESC = "\u001B";
/** "が" as か + combining voiced sound mark (NFD), and as one character (NFC). */
const GA_NFD = "\u304B\u3099";
const GA_NFC = "\u304C";

const refused = (field: string) => ({
  code: "INVALID_INPUT",
  message: TEXT_MESSAGES.bidiControl,
  fields: expect.objectContaining({ [field]: TEXT_MESSAGES.bidiControl }) as unknown,
});

/** Puts `mark` inside a text value, keeping a URL a URL apart from the mark. */
function withMark(value: string, mark: string): string {
  return value.startsWith("http") ? `${value}/a${mark}b` : `${value.slice(0, 1)}${mark}${value.slice(1)}`;
}

beforeEach(() => {
  useJapanNoon();
});
afterEach(() => {
  vi.useRealTimers();
});

// ---------------------------------------------------------------------------------------------
// Works

const workForm = {
  title: "家計簿アプリ",
  description: "毎日の支出をかんたんに記録できる家計簿です",
  vibeDescription: "気軽に続けられること",
  genre: "tool",
  demoUrl: "https://example.com/kakeibo",
  demoVideoUrl: "https://youtu.be/kakeibo",
  repositoryUrl: "https://github.com/taro/kakeibo",
  aiTools: ["Claude"],
  techStack: ["React"],
  tags: ["家計簿"],
  isZeroCode: false,
};
type WorkForm = typeof workForm;
const WORK_TEXT_FIELDS = ["title", "description", "vibeDescription", "demoUrl", "demoVideoUrl", "repositoryUrl"] as const;
const WORK_LIST_FIELDS = ["aiTools", "techStack", "tags"] as const;

/** The form with `mark` put into one field (for a list: into its only entry). */
function workWithMark(field: (typeof WORK_TEXT_FIELDS)[number] | (typeof WORK_LIST_FIELDS)[number], mark: string): WorkForm {
  if (field === "aiTools" || field === "techStack" || field === "tags") {
    return { ...workForm, [field]: workForm[field].map((item) => withMark(item, mark)) };
  }
  return { ...workForm, [field]: withMark(workForm[field], mark) };
}

const storedWork = (t: TestConvex, id: Id<"projects">) => t.run(async (ctx) => (await ctx.db.get("projects", id))!);
const workCount = (t: TestConvex) => t.run(async (ctx) => (await ctx.db.query("projects").take(100)).length);

/** The same text with control characters and decomposed kana, as pasted from somewhere odd. */
const messyWork: WorkForm = {
  title: `${NUL}${GA_NFD}ぞう${ESC}[0m\tアプリ\n`,
  description: `一行目${NUL}\r\n\t二行目${ESC}\r三行目${GA_NFD}`,
  vibeDescription: `気軽${ESC}に\n続ける${NUL}`,
  genre: "tool",
  demoUrl: `https://example.com/${NUL}demo${ESC}`,
  demoVideoUrl: ` https://youtu.be/x${NUL} `,
  repositoryUrl: `https://github.com/taro/${GA_NFD}${ESC}`,
  aiTools: [`Clau${NUL}de`, `${ESC}v0`],
  techStack: [`Re${NUL}act`, `Vue${ESC}`],
  tags: [`#${GA_NFD}${NUL}`, `家計${ESC}簿`],
  isZeroCode: false,
};
const cleanedWork = {
  title: `${GA_NFC}ぞう[0m アプリ`,
  description: `一行目\n\t二行目\n三行目${GA_NFC}`,
  vibeDescription: "気軽に\n続ける",
  demoUrl: "https://example.com/demo",
  demoVideoUrl: "https://youtu.be/x",
  repositoryUrl: `https://github.com/taro/${GA_NFC}`,
  aiTools: ["Claude", "v0"],
  techStack: ["React", "Vue"],
  tags: [GA_NFC, "家計簿"],
};

describe("works: projects.create and projects.update", () => {
  test("a bidirectional override or isolate in any text field or list entry is refused, nothing posted", async () => {
    const t = newTest();
    const author = await createUser(t);
    const shot = await uploadShot(t, author.as);
    for (const field of [...WORK_TEXT_FIELDS, ...WORK_LIST_FIELDS]) {
      for (const mark of [RLO, ISOLATE]) {
        const error = await errorOf(author.as.mutation(api.projects.create, { ...workWithMark(field, mark), screenshots: [shot] }));
        expect(error, `${field} with U+${mark.codePointAt(0)!.toString(16)}`).toMatchObject(refused(field));
      }
    }
    expect(await workCount(t)).toBe(0);
  });

  test("control characters are dropped, newlines and tabs kept only in descriptions, NFD stored NFC", async () => {
    const t = newTest();
    const author = await createUser(t);
    const id = await author.as.mutation(api.projects.create, { ...messyWork, screenshots: [await uploadShot(t, author.as)] });
    expect(await storedWork(t, id)).toMatchObject(cleanedWork);
    const tools = await t.run(async (ctx) => (await ctx.db.query("projectAiTools").take(10)).map((row) => row.tool).sort());
    expect(tools).toEqual(["Claude", "v0"]);
  });

  test("an edit is held to the same rule: refused with the field message, or stored cleaned", async () => {
    const t = newTest();
    const author = await createUser(t);
    const shot = await uploadShot(t, author.as);
    const id = await author.as.mutation(api.projects.create, { ...workForm, screenshots: [shot] });
    const before = await storedWork(t, id);
    for (const field of [...WORK_TEXT_FIELDS, ...WORK_LIST_FIELDS]) {
      const { isZeroCode, ...edit } = workWithMark(field, RLO);
      const error = await errorOf(author.as.mutation(api.projects.update, { id, ...edit, isZeroCode, screenshots: [shot] }));
      expect(error, field).toMatchObject(refused(field));
    }
    expect(await storedWork(t, id)).toEqual(before);

    const { isZeroCode, ...messy } = messyWork;
    await author.as.mutation(api.projects.update, { id, ...messy, isZeroCode, screenshots: [shot] });
    expect(await storedWork(t, id)).toMatchObject(cleanedWork);
  });
});

// ---------------------------------------------------------------------------------------------
// Profiles

const profileForm = {
  handle: "taro_dev",
  displayName: "山田太郎",
  bio: "AIと一緒にWebアプリを作っています。よろしくお願いします！",
  location: "東京",
  websiteUrl: "https://taro.example.com",
  githubUrl: "https://github.com/taro",
  twitterUrl: "https://x.com/taro",
};
type ProfileForm = typeof profileForm;
const PROFILE_TEXT_FIELDS = ["displayName", "bio", "location", "websiteUrl", "githubUrl", "twitterUrl"] as const;

const messyProfile: ProfileForm = {
  handle: `${RLO}taro${NUL}_dev${ESC}`,
  displayName: `山田${NUL}太郎${ESC}\t${GA_NFD}`,
  bio: `AIと一緒に${NUL}Webアプリを\r\n作っています。${ESC}よろしくお願いします！${GA_NFD}`,
  location: `東京${NUL}都${ESC}`,
  websiteUrl: `https://taro.example.com/${NUL}`,
  githubUrl: `https://github.com/${ESC}taro`,
  twitterUrl: ` https://x.com/taro${NUL}\n`,
};
const cleanedProfile = {
  // The user id keeps only a-z, 0-9 and _ (its own, older rule), so the marks simply go.
  handle: "taro_dev",
  displayName: `山田太郎 ${GA_NFC}`,
  bio: `AIと一緒にWebアプリを\n作っています。よろしくお願いします！${GA_NFC}`,
  location: "東京都",
  websiteUrl: "https://taro.example.com/",
  githubUrl: "https://github.com/taro",
  twitterUrl: "https://x.com/taro",
};

const userDoc = (t: TestConvex, userId: Id<"users">) => t.run(async (ctx) => (await ctx.db.get("users", userId))!);

describe("profiles: users.completeSetup and users.updateProfile", () => {
  test("setup refuses a bidirectional control in every text field and stays incomplete", async () => {
    const t = newTest();
    for (const field of PROFILE_TEXT_FIELDS) {
      const { userId, as } = await createUser(t);
      const error = await errorOf(as.mutation(api.users.completeSetup, { ...profileForm, [field]: withMark(profileForm[field], RLO) }));
      expect(error, field).toMatchObject(refused(field));
      const user = await userDoc(t, userId);
      expect(user.profileCompleted).toBe(false);
      expect(user.handle).toBeUndefined();
    }
  });

  test("setup stores the cleaned text: no control characters, the bio's line break kept, NFC", async () => {
    const t = newTest();
    const { userId, as } = await createUser(t);
    await as.mutation(api.users.completeSetup, messyProfile);
    expect(await userDoc(t, userId)).toMatchObject({ ...cleanedProfile, profileCompleted: true });
  });

  test("an edit refuses a bidirectional control in every text field, keeps the old profile, and stores cleaned text", async () => {
    const t = newTest();
    for (const field of PROFILE_TEXT_FIELDS) {
      const { userId, as } = await createUser(t);
      await as.mutation(api.users.completeSetup, { ...profileForm, handle: `u_${field.toLowerCase()}` });
      const before = await userDoc(t, userId);
      const error = await errorOf(
        as.mutation(api.users.updateProfile, {
          ...profileForm,
          handle: `u_${field.toLowerCase()}`,
          [field]: withMark(profileForm[field], ISOLATE),
          photo: { kind: "keep" },
        }),
      );
      expect(error, field).toMatchObject(refused(field));
      expect(await userDoc(t, userId)).toEqual(before);
    }
    const { userId, as } = await createUser(t);
    await as.mutation(api.users.completeSetup, { ...profileForm, handle: "hanako" });
    await as.mutation(api.users.updateProfile, { ...messyProfile, photo: { kind: "keep" } });
    expect(await userDoc(t, userId)).toMatchObject(cleanedProfile);
  });
});

// ---------------------------------------------------------------------------------------------
// Comments

describe("comments.add", () => {
  test("a bidirectional control is refused and nothing is written", async () => {
    const t = newTest();
    const author = await createUser(t);
    const projectId = await createWork(t, author.userId);
    for (const mark of [RLO, "\u202A", "\u2069"]) {
      const writer = await createUser(t);
      const error = await errorOf(writer.as.mutation(api.comments.add, { projectId, content: `すごい${mark}ですね` }));
      expect(error).toEqual({
        code: "INVALID_INPUT",
        message: TEXT_MESSAGES.bidiControl,
        fields: { content: TEXT_MESSAGES.bidiControl },
      });
    }
    const written = await t.run(async (ctx) => ({
      comments: (await ctx.db.query("comments").take(10)).length,
      count: (await ctx.db.get("projects", projectId))!.commentsCount,
      notifications: (await ctx.db.query("notifications").take(10)).filter((n) => n.type === "comment").length,
    }));
    expect(written).toEqual({ comments: 0, count: 0, notifications: 0 });
  });

  test("control characters are dropped, line breaks and tabs kept, NFD stored NFC", async () => {
    const t = newTest();
    const author = await createUser(t);
    const writer = await createUser(t);
    const projectId = await createWork(t, author.userId);
    const id = await writer.as.mutation(api.comments.add, { projectId, content: `${NUL}すご${ESC}い！\r\n\tまた${GA_NFD}んばって${NUL}` });
    const comment = await t.run(async (ctx) => (await ctx.db.get("comments", id))!);
    expect(comment.content).toBe(`すごい！\n\tまた${GA_NFC}んばって`);
  });

  test("a comment of nothing but control characters is blank", async () => {
    const t = newTest();
    const author = await createUser(t);
    const writer = await createUser(t);
    const projectId = await createWork(t, author.userId);
    expect(await errorOf(writer.as.mutation(api.comments.add, { projectId, content: `${NUL}${ESC}\u007F` }))).toMatchObject({
      code: "INVALID_INPUT",
      message: "コメントを入力してください",
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Challenges

const CHALLENGE_TEXT_FIELDS = ["title", "description", "requirements", "prizeDescription"] as const;

describe("challenges.create", () => {
  test("a bidirectional control in any text field or tag is refused and nothing is written", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const base = challengeForm({ prize: true, prizeDescription: "ギフトカード3,000円分" });
    for (const field of CHALLENGE_TEXT_FIELDS) {
      const error = await errorOf(organiser.as.mutation(api.challenges.create, { ...base, [field]: withMark(base[field], RLO) }));
      expect(error, field).toMatchObject(refused(field));
    }
    const error = await errorOf(organiser.as.mutation(api.challenges.create, { ...base, tags: [`冬${ISOLATE}`] }));
    expect(error).toMatchObject(refused("tags"));
    expect(await t.run(async (ctx) => (await ctx.db.query("challenges").take(10)).length)).toBe(0);
  });

  test("control characters are dropped (line breaks kept in the long fields), NFD stored NFC", async () => {
    const t = newTest();
    const organiser = await createUser(t);
    const id = await organiser.as.mutation(api.challenges.create, {
      title: `${NUL}冬の${GA_NFD}ーム${ESC}\n大会`,
      description: `一行目\r\n${NUL}二行目${ESC}`,
      requirements: `・AIを使う\r・1人で作る${NUL}\t${GA_NFD}`,
      endDate: dayFromToday(7),
      prize: true,
      prizeDescription: `ギフト${ESC}カード\r\n3,000円分${NUL}`,
      tags: [`#冬${NUL}`, `${GA_NFD}${ESC}`],
    });
    const challenge = await t.run(async (ctx) => (await ctx.db.get("challenges", id))!);
    expect(challenge).toMatchObject({
      title: `冬の${GA_NFC}ーム 大会`,
      description: "一行目\n二行目",
      requirements: `・AIを使う\n・1人で作る\t${GA_NFC}`,
      prizeDescription: "ギフトカード\n3,000円分",
      tags: ["冬", GA_NFC],
    });
  });
});
