// The permission matrix (docs/decisions.md "Callers and ownership"): every public function of the
// app, found from the modules the generated API lists (never a hand-kept list of names), called by
// a signed-out visitor.
//
// - Every public mutation and action refuses the visitor (ConvexError UNAUTHENTICATED or a
//   Japanese sign-in message) and changes nothing: every table of the schema, file storage and
//   the scheduler are compared before and after. Only ANONYMOUS_ALLOWED may act for a visitor.
// - Every public query either answers the visitor or refuses cleanly (a ConvexError, never a
//   plain Error); the private ones give a visitor nothing, and no answer carries anyone's e-mail
//   address or a private profile's details.
//
// A new public function fails here until it has sample arguments in MUTATION_SAMPLES or
// QUERY_SAMPLES (or, with a reason, a place on ANONYMOUS_ALLOWED).
import apiTypes from "./_generated/api.d.ts?raw";
import { makeFunctionReference } from "convex/server";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { TableNames } from "./_generated/dataModel";
import schema, { DEFAULT_USER_SETTINGS } from "./schema";
import { challengeForm, createChallenge, enterNewWork } from "./model/challenges.testkit";
import { japanDate } from "./model/japanTime";
import { uploadShot } from "./model/screenshots.testkit";
import { pngBytes, storeFile } from "./model/storedFiles.testkit";
import { createWork } from "./model/works.testkit";
import { createUser, modules, newTest, type TestConvex } from "./test.setup";

// ---------------------------------------------------------------------------------------------
// Finding every public function

type Kind = "query" | "mutation" | "action";
type PublicFunction = { name: string; kind: Kind };

/** Deployed module paths ("views", "model/auth") as the Convex CLI sees them: no test kits. */
function modulePathOf(file: string): string | null {
  const relative = file.replace(/^\.\//, "");
  // The schema is read by the deployment, not called: codegen leaves it out of the API.
  if (relative.startsWith("_generated/") || relative === "schema.ts") return null;
  const base = relative.split("/").pop()!;
  // "works.testkit.ts": a second dot keeps a file out of the deployment (and the API).
  if (base.split(".").length !== 2 || !/\.(ts|js)$/.test(base)) return null;
  return relative.replace(/\.(ts|js)$/, "");
}

/** The modules of the generated API (convex/_generated/api.d.ts). */
const API_MODULES = [...apiTypes.matchAll(/import type \* as \w+ from "\.\.\/(.+)\.js";/g)].map((m) => m[1]).sort();

type Registered = { isPublic?: boolean; isQuery?: boolean; isMutation?: boolean; isAction?: boolean };

async function findPublicFunctions(): Promise<{ modules: string[]; functions: PublicFunction[] }> {
  const found: PublicFunction[] = [];
  const paths: string[] = [];
  for (const [file, load] of Object.entries(modules)) {
    const path = modulePathOf(file);
    if (path === null) continue;
    paths.push(path);
    const exports = (await load()) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exports)) {
      if ((typeof value !== "function" && typeof value !== "object") || value === null) continue;
      const fn = value as Registered;
      if (fn.isPublic !== true) continue;
      const kind: Kind | null = fn.isQuery ? "query" : fn.isMutation ? "mutation" : fn.isAction ? "action" : null;
      if (kind === null) throw new Error(`${path}:${exportName} is public but neither query, mutation nor action`);
      found.push({ name: `${path}:${exportName}`, kind });
    }
  }
  found.sort((a, b) => a.name.localeCompare(b.name));
  return { modules: paths.sort(), functions: found };
}

const DISCOVERED = await findPublicFunctions();
const PUBLIC_FUNCTIONS = DISCOVERED.functions;
const WRITERS = PUBLIC_FUNCTIONS.filter((f) => f.kind !== "query");
const QUERIES = PUBLIC_FUNCTIONS.filter((f) => f.kind === "query");

// ---------------------------------------------------------------------------------------------
// A small site with something private in it

const OWNER_EMAIL = "owner-private@example.com";
const FAN_EMAIL = "fan-private@example.com";
const HIDDEN_EMAIL = "hidden-private@example.com";
const HIDDEN_BIO = "非公開プロフィールの自己紹介テキスト";
const HIDDEN_LOCATION = "非公開の所在地";
/** Text no answer to a visitor may contain. */
const PRIVATE_MARKERS = [OWNER_EMAIL, FAN_EMAIL, HIDDEN_EMAIL, HIDDEN_BIO, HIDDEN_LOCATION];

type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * An organiser with a work and an open challenge; a fan who comments, likes, follows and entered
 * the challenge; a user with a private profile who follows both. Every e-mail stays hidden.
 */
async function buildWorld(t: TestConvex) {
  const owner = await createUser(t, { email: OWNER_EMAIL, handle: "owner_user", displayName: "作者", profileCompleted: true });
  const fan = await createUser(t, { email: FAN_EMAIL, handle: "fan_user", displayName: "ファン", profileCompleted: true });
  const hidden = await createUser(t, { email: HIDDEN_EMAIL, handle: "hidden_user", displayName: "ひみつ", profileCompleted: true });
  await t.run(async (ctx) => {
    await ctx.db.patch("users", owner.userId, { bio: "作者の自己紹介です" });
    await ctx.db.patch("users", hidden.userId, {
      bio: HIDDEN_BIO,
      location: HIDDEN_LOCATION,
      settings: { ...DEFAULT_USER_SETTINGS, privacy: { ...DEFAULT_USER_SETTINGS.privacy, profileVisibility: "private" } },
    });
  });
  const projectId = await createWork(t, owner.userId, { title: "作者の作品" });
  const challengeId = await createChallenge(owner.as);
  const entry = await enterNewWork(t, fan, challengeId, "ファンの作品");
  const commentId = await fan.as.mutation(api.comments.add, { projectId, content: "すてきです" });
  await fan.as.mutation(api.likes.toggle, { projectId });
  await fan.as.mutation(api.follows.toggle, { userId: owner.userId });
  await hidden.as.mutation(api.follows.toggle, { userId: owner.userId });
  await hidden.as.mutation(api.follows.toggle, { userId: fan.userId });
  await hidden.as.mutation(api.likes.toggle, { projectId });
  // A checked upload waiting in the owner's wizard, and a stored file of nobody's.
  const shot = await uploadShot(t, owner.as);
  const looseFile = await storeFile(t, pngBytes(), "image/png");
  // A moderator and an admin (roles live in the database), and a report waiting on the desk.
  const moderator = await createUser(t, { handle: "mod_user", displayName: "モデレーター", profileCompleted: true });
  const admin = await createUser(t, { handle: "admin_user", displayName: "管理者", profileCompleted: true });
  await t.run(async (ctx) => {
    await ctx.db.patch("users", moderator.userId, { role: "moderator" });
    await ctx.db.patch("users", admin.userId, { role: "admin" });
  });
  await hidden.as.mutation(api.reports.create, { targetType: "work", targetId: projectId, reason: "spam", note: "宣伝です" });
  await hidden.as.mutation(api.mutes.set, { userId: fan.userId, kind: "mute" });
  // A private save (ストック) of the owner's work, and a private draft of the owner's next one.
  await hidden.as.mutation(api.saves.toggle, { projectId });
  const draftId = await owner.as.mutation(api.drafts.save, { ...workForm, title: "下書きの作品", isZeroCode: false, screenshots: [] });
  const caseId = await t.run(async (ctx) => (await ctx.db.query("reportCases").first())!._id);
  // The challenge is judged: the private-profile user judges it and has scored the fan's entry.
  await t.run(async (ctx) => {
    await ctx.db.patch("challenges", challengeId, {
      judging: { criteria: [{ name: "アイデア", description: "", weight: 1 }], judgeWeight: 70 },
    });
  });
  await owner.as.mutation(api.judging.invite, { challengeId, handle: "hidden_user" });
  await hidden.as.mutation(api.judging.respond, { challengeId, accept: true });
  const scoreId = await t.run(async (ctx) =>
    ctx.db.insert("judgeScores", { challengeId, submissionId: entry.submissionId, judgeId: hidden.userId, scores: [4], weighted: 4 }),
  );
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  const notificationId = await t.run(async (ctx) => {
    const first = await ctx.db
      .query("notifications")
      .withIndex("by_userId", (q) => q.eq("userId", owner.userId))
      .first();
    return first!._id;
  });
  return {
    owner,
    fan,
    hidden,
    projectId,
    challengeId,
    submissionId: entry.submissionId,
    fanProjectId: entry.projectId,
    commentId,
    notificationId,
    shot,
    looseFile,
    moderator,
    admin,
    caseId,
    scoreId,
    draftId,
  };
}

const page = { numItems: 20, cursor: null };

const workForm = {
  title: "新しい作品",
  description: "説明",
  vibeDescription: "コンセプト",
  genre: "tool",
  demoUrl: "https://example.com",
  demoVideoUrl: "",
  repositoryUrl: "",
  aiTools: ["Claude"],
  techStack: [],
  tags: [],
};
const profileForm = {
  handle: "new_handle",
  displayName: "新しい名前",
  bio: "AIと一緒にWebアプリを作っています。よろしくお願いします！",
  location: "",
  websiteUrl: "",
  githubUrl: "",
  twitterUrl: "",
};

// ---------------------------------------------------------------------------------------------
// The tables

/**
 * Public mutations and actions a visitor may call, each with its reason. Everything else must
 * refuse a signed-out caller.
 */
const ANONYMOUS_ALLOWED: Record<string, string> = {
  // Anonymous visits count too (one per browser session per work per day, docs/decisions.md
  // "Views").
  "views:record": "a visitor's page view is recorded",
  // Convex Auth's sign-in itself: starts the Google redirect, or ends the session.
  "auth:signIn": "signing in starts signed out",
  "auth:signOut": "signing out of no session does nothing",
  // Convex Auth's storage step of sign-in (an internal mutation in current versions).
  "auth:store": "sign-in's own storage step",
};

/** Writers that need a role (the moderation desk): who may call each. */
const ROLE_WRITERS: Record<string, "moderator" | "admin"> = {
  "moderation:act": "moderator",
  "moderation:setRole": "admin",
};

/**
 * Arguments a signed-in user could plausibly send to each public mutation and action, so that
 * only the missing sign-in can be why the call fails (invalid arguments would fail validation
 * with a plain Error, which this test does not accept).
 */
const MUTATION_SAMPLES: Record<string, (w: World) => Record<string, unknown>> = {
  "account:deleteAccount": () => ({ confirmation: "DELETE MY ACCOUNT" }),
  "challengeResults:setResultsCard": (w) => ({ challengeId: w.challengeId, storageId: w.looseFile }),
  "challenges:create": () => challengeForm(),
  "challenges:enter": (w) => ({ challengeId: w.challengeId, projectId: w.projectId }),
  "challenges:selectWinner": (w) => ({ challengeId: w.challengeId, submissionId: w.submissionId }),
  "challenges:startVoting": (w) => ({ challengeId: w.challengeId }),
  "challenges:toggleVote": (w) => ({ submissionId: w.submissionId }),
  "challengeVotingRules:update": (w) => ({ challengeId: w.challengeId, votingRules: { voters: "creators", hideCounts: true } }),
  "judging:invite": (w) => ({ challengeId: w.challengeId, handle: "owner_user" }),
  "judging:remove": (w) => ({ challengeId: w.challengeId, userId: w.hidden.userId }),
  "judging:respond": (w) => ({ challengeId: w.challengeId, accept: false }),
  "judging:score": (w) => ({ submissionId: w.submissionId, scores: [3], comment: "" }),
  "judging:setCommentPublic": (w) => ({ scoreId: w.scoreId, public: true }),
  "judging:setJudging": (w) => ({ challengeId: w.challengeId, judging: null }),
  "comments:add": (w) => ({ projectId: w.projectId, content: "こんにちは" }),
  "comments:remove": (w) => ({ commentId: w.commentId }),
  "drafts:discard": (w) => ({ id: w.draftId }),
  "drafts:save": (w) => ({ id: w.draftId, ...workForm, isZeroCode: false, screenshots: [] }),
  "follows:toggle": (w) => ({ userId: w.owner.userId }),
  "likes:toggle": (w) => ({ projectId: w.projectId }),
  "moderation:act": (w) => ({ targetType: "work", targetId: w.projectId, kind: "hide", note: "規約違反のため" }),
  "moderation:requestReview": (w) => ({ targetType: "work", targetId: w.projectId }),
  "moderation:setRole": (w) => ({ user: w.fan.userId, role: "moderator", note: "お手伝い" }),
  "mutes:set": (w) => ({ userId: w.hidden.userId, kind: "mute" }),
  "saves:mergeLocal": (w) => ({ projectIds: [w.projectId] }),
  "saves:toggle": (w) => ({ projectId: w.projectId }),
  "reports:create": (w) => ({ targetType: "comment", targetId: w.commentId, reason: "inappropriate", note: "言葉が乱暴です" }),
  "notifications:markAllRead": () => ({}),
  "notifications:markRead": (w) => ({ id: w.notificationId }),
  "projects:create": (w) => ({ ...workForm, isZeroCode: false, screenshots: [w.shot] }),
  "projects:remove": (w) => ({ id: w.projectId }),
  "projects:setShareCard": (w) => ({ id: w.projectId, storageId: w.looseFile, title: "作者の作品" }),
  "projects:update": (w) => ({ id: w.projectId, ...workForm, isZeroCode: false, screenshots: [w.shot] }),
  "screenshots:checkShareCard": (w) => ({ storageId: w.looseFile }),
  "screenshots:checkUpload": (w) => ({ storageId: w.shot.storageId, thumbnailStorageId: w.shot.thumbnailStorageId }),
  "screenshots:discardUploads": (w) => ({ storageIds: [w.shot.storageId, w.shot.thumbnailStorageId, w.looseFile] }),
  "screenshots:generateShareCardUploadUrl": () => ({}),
  "screenshots:generateUploadUrls": () => ({}),
  "users:checkHandle": () => ({ handle: "owner_user" }),
  "users:checkPhotoUpload": (w) => ({ storageId: w.looseFile }),
  "users:completeSetup": (w) => ({ ...profileForm, photoStorageId: w.looseFile }),
  "users:generatePhotoUploadUrl": () => ({}),
  "users:updateProfile": (w) => ({ ...profileForm, photo: { kind: "upload", storageId: w.looseFile } }),
  "users:updateSettings": () => ({ settings: DEFAULT_USER_SETTINGS }),
};

type QuerySample =
  /** Anyone may read it; the answer still must not carry private markers. */
  | { args: (w: World) => Record<string, unknown>; access: "public" }
  /**
   * Only for the signed-in owner: a visitor is refused cleanly or gets exactly `nothing`, while
   * `owner` (signed in) gets something else (so the sample arguments do point at private data).
   */
  | { args: (w: World) => Record<string, unknown>; access: "private"; nothing: unknown; owner?: "owner" | "hidden" }
  /** Moderators only: a visitor and an ordinary user are refused cleanly; a moderator is answered. */
  | { args: (w: World) => Record<string, unknown>; access: "moderator" };

const EMPTY_PAGE = { page: [], isDone: true, continueCursor: expect.any(String) as unknown };

const QUERY_SAMPLES: Record<string, QuerySample> = {
  "account:exportData": { args: () => ({}), access: "private", nothing: null },
  "analytics:creatorForModeration": {
    args: (w) => ({ userId: w.owner.userId, today: japanDate(Date.now()), days: 7 }),
    access: "moderator",
  },
  "analytics:overview": { args: () => ({ today: japanDate(Date.now()), days: 7 }), access: "private", nothing: null },
  "analytics:work": {
    args: (w) => ({ projectId: w.projectId, today: japanDate(Date.now()), days: 7 }),
    access: "private",
    nothing: null,
  },
  "analytics:works": {
    args: () => ({ today: japanDate(Date.now()), days: 7, paginationOpts: page }),
    access: "private",
    nothing: null,
  },
  "auth:isAuthenticated": { args: () => ({}), access: "private", nothing: false },
  "badges:list": { args: () => ({}), access: "public" },
  "challenges:detail": { args: (w) => ({ id: w.challengeId }), access: "public" },
  "challenges:entries": { args: (w) => ({ challengeId: w.challengeId, paginationOpts: page }), access: "public" },
  "challenges:exportEntries": {
    args: (w) => ({ challengeId: w.challengeId, paginationOpts: page }),
    access: "private",
    nothing: EMPTY_PAGE,
  },
  "challenges:get": { args: (w) => ({ id: w.challengeId }), access: "public" },
  "challengeResults:highlights": { args: (w) => ({ challengeId: w.challengeId }), access: "public" },
  "challengeResults:feedback": { args: (w) => ({ submissionId: w.submissionId }), access: "public" },
  "challengeResults:ranking": { args: (w) => ({ challengeId: w.challengeId }), access: "private", nothing: null },
  "challengeResults:results": { args: (w) => ({ challengeId: w.challengeId, paginationOpts: page }), access: "public" },
  "challengeResults:summary": { args: (w) => ({ id: w.challengeId }), access: "public" },
  "judging:panel": { args: (w) => ({ challengeId: w.challengeId }), access: "public" },
  "judging:scoreSheet": {
    args: (w) => ({ challengeId: w.challengeId, paginationOpts: page }),
    access: "private",
    nothing: EMPTY_PAGE,
    owner: "hidden",
  },
  "challenges:list": { args: () => ({ paginationOpts: page }), access: "public" },
  "challenges:pickableWorks": { args: () => ({}), access: "private", nothing: [] },
  "challenges:summary": { args: () => ({}), access: "public" },
  // Whether the signed-in viewer may vote: nothing for a visitor.
  "challengeVotingRules:eligibility": { args: (w) => ({ challengeId: w.challengeId }), access: "private", nothing: null },
  "comments:list": { args: (w) => ({ projectId: w.projectId, paginationOpts: page }), access: "public" },
  "drafts:get": { args: (w) => ({ id: w.draftId }), access: "private", nothing: null },
  "drafts:mine": { args: () => ({}), access: "private", nothing: [] },
  // The caller's own following feed (hidden follows the owner, whose work the follow backfilled).
  "feed:list": { args: () => ({ paginationOpts: page }), access: "private", nothing: EMPTY_PAGE, owner: "hidden" },
  "feed:suggestions": { args: () => ({}), access: "public" },
  "follows:listFollowers": { args: (w) => ({ userId: w.owner.userId, paginationOpts: page }), access: "public" },
  "follows:listFollowing": { args: (w) => ({ userId: w.fan.userId, paginationOpts: page }), access: "public" },
  "home:overview": { args: () => ({}), access: "public" },
  "moderation:caseDetail": { args: (w) => ({ caseId: w.caseId }), access: "moderator" },
  "moderation:log": { args: () => ({ paginationOpts: page }), access: "moderator" },
  "moderation:queue": { args: () => ({ paginationOpts: page }), access: "moderator" },
  "moderation:staff": { args: () => ({}), access: "moderator" },
  "moderation:targetCase": { args: (w) => ({ targetType: "work", targetId: w.projectId }), access: "moderator" },
  "mutes:list": { args: () => ({ paginationOpts: page }), access: "private", nothing: EMPTY_PAGE, owner: "hidden" },
  "mutes:status": { args: (w) => ({ userId: w.fan.userId }), access: "private", nothing: null, owner: "hidden" },
  "notifications:list": { args: () => ({}), access: "private", nothing: [] },
  "notifications:listPage": { args: () => ({ paginationOpts: page }), access: "private", nothing: EMPTY_PAGE },
  "notifications:unreadCount": { args: () => ({}), access: "private", nothing: 0 },
  "profiles:likedWorks": { args: (w) => ({ userId: w.hidden.userId, paginationOpts: page }), access: "public" },
  "profiles:works": { args: (w) => ({ userId: w.owner.userId, paginationOpts: page }), access: "public" },
  "projects:get": { args: (w) => ({ id: w.projectId }), access: "public" },
  "projects:getForEdit": { args: (w) => ({ id: w.projectId }), access: "private", nothing: { status: "forbidden" } },
  "projects:list": { args: () => ({ paginationOpts: page, sort: "newest" }), access: "public" },
  "projects:related": { args: (w) => ({ id: w.projectId }), access: "public" },
  "projects:search": { args: () => ({ search: "作品", sort: "newest" }), access: "public" },
  "projects:summary": { args: () => ({}), access: "public" },
  "saves:list": { args: () => ({ paginationOpts: page }), access: "private", nothing: EMPTY_PAGE, owner: "hidden" },
  "saves:localCards": { args: (w) => ({ projectIds: [w.projectId] }), access: "public" },
  "saves:status": { args: (w) => ({ projectId: w.projectId }), access: "private", nothing: false, owner: "hidden" },
  "reports:mine": { args: () => ({ paginationOpts: page }), access: "private", nothing: EMPTY_PAGE, owner: "hidden" },
  "tags:get": { args: () => ({ tag: "AI" }), access: "public" },
  "tags:related": { args: () => ({ tag: "AI" }), access: "public" },
  "tags:works": { args: () => ({ tag: "AI", sort: "newest", paginationOpts: page }), access: "public" },
  "tools:get": { args: () => ({ tool: "Claude" }), access: "public" },
  "tools:list": { args: () => ({}), access: "public" },
  "tools:works": { args: () => ({ tool: "Claude", sort: "popular", paginationOpts: page }), access: "public" },
  "trending:creators": { args: () => ({}), access: "public" },
  "trending:homeWorks": { args: () => ({}), access: "public" },
  "trending:works": { args: () => ({ window: "week" }), access: "public" },
  "users:getProfile": { args: () => ({ id: "hidden_user" }), access: "public" },
  "users:viewer": { args: () => ({}), access: "private", nothing: null },
};

// ---------------------------------------------------------------------------------------------
// Helpers

/** Every document of every table of the schema, plus file storage and the scheduler. */
async function everything(t: TestConvex) {
  return await t.run(async (ctx) => {
    const out: Record<string, unknown[]> = {};
    for (const table of Object.keys(schema.tables) as TableNames[]) out[table] = await ctx.db.query(table).take(10_000);
    out._storage = await ctx.db.system.query("_storage").take(10_000);
    out._scheduled_functions = await ctx.db.system.query("_scheduled_functions").take(10_000);
    return out;
  });
}

type ErrorData = { code?: unknown; message?: unknown };

/** What a call threw: its ConvexError data, or null when it was a plain Error (or no error). */
async function refusal(call: Promise<unknown>): Promise<{ thrown: boolean; data: ErrorData | null; text: string }> {
  try {
    await call;
    return { thrown: false, data: null, text: "" };
  } catch (error) {
    const data = (error as { data?: unknown }).data;
    return {
      thrown: true,
      data: typeof data === "object" && data !== null ? data : null,
      text: String(error),
    };
  }
}

function call(t: Pick<TestConvex, "query" | "mutation" | "action">, fn: PublicFunction, args: Record<string, unknown>) {
  if (fn.kind === "query") return t.query(makeFunctionReference<"query">(fn.name), args);
  if (fn.kind === "mutation") return t.mutation(makeFunctionReference<"mutation">(fn.name), args);
  return t.action(makeFunctionReference<"action">(fn.name), args);
}

const missingSample = (name: string, table: string) =>
  `${name} is a public function without sample arguments: add it to ${table} in convex/permissions.test.ts ` +
  `(or, if a signed-out visitor may really use it, to ANONYMOUS_ALLOWED with the reason).`;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

// ---------------------------------------------------------------------------------------------

describe("the functions under test", () => {
  test("are found from every module of the generated API (run `npm run codegen` if this differs)", () => {
    expect(DISCOVERED.modules).toEqual(API_MODULES);
    // Sanity: the discovery sees the kinds it should.
    expect(PUBLIC_FUNCTIONS).toEqual(expect.arrayContaining([{ name: "comments:add", kind: "mutation" }]));
    expect(PUBLIC_FUNCTIONS).toEqual(expect.arrayContaining([{ name: "projects:get", kind: "query" }]));
    expect(PUBLIC_FUNCTIONS).toEqual(expect.arrayContaining([{ name: "screenshots:checkUpload", kind: "action" }]));
    expect(PUBLIC_FUNCTIONS.map((f) => f.name)).not.toContain("projects:backfillSearchText");
    expect(PUBLIC_FUNCTIONS.map((f) => f.name)).not.toContain("tags:backfillDiscovery");
  });

  test("every public function has a row in the matrix, and every row a public function", () => {
    const problems: string[] = [];
    for (const fn of WRITERS) {
      if (!(fn.name in MUTATION_SAMPLES) && !(fn.name in ANONYMOUS_ALLOWED)) problems.push(missingSample(fn.name, "MUTATION_SAMPLES"));
      if (fn.name in MUTATION_SAMPLES && fn.name in ANONYMOUS_ALLOWED) problems.push(`${fn.name} is both allowed and sampled`);
    }
    for (const fn of QUERIES) if (!(fn.name in QUERY_SAMPLES)) problems.push(missingSample(fn.name, "QUERY_SAMPLES"));
    const byName = new Map(PUBLIC_FUNCTIONS.map((f) => [f.name, f.kind]));
    for (const name of Object.keys(MUTATION_SAMPLES)) {
      if (byName.get(name) === undefined || byName.get(name) === "query") {
        problems.push(`MUTATION_SAMPLES has ${name}, no public mutation or action: remove it`);
      }
    }
    for (const name of Object.keys(QUERY_SAMPLES)) {
      if (byName.get(name) !== "query") problems.push(`QUERY_SAMPLES has ${name}, no public query: remove it`);
    }
    expect(problems).toEqual([]);
  });

  test("the allow-list is short and each entry has a reason", () => {
    const allowed = Object.keys(ANONYMOUS_ALLOWED).filter((name) => WRITERS.some((f) => f.name === name));
    expect(allowed.length).toBeLessThanOrEqual(4);
    expect(allowed).toContain("views:record");
    for (const reason of Object.values(ANONYMOUS_ALLOWED)) expect(reason.length).toBeGreaterThan(10);
  });
});

describe("a signed-out caller", () => {
  const refusedWriters = WRITERS.filter((f) => !(f.name in ANONYMOUS_ALLOWED));

  test.each(refusedWriters.map((f) => [f.name, f] as const))("is refused by %s, and nothing changes", async (_name, fn) => {
    const sample = MUTATION_SAMPLES[fn.name];
    if (!sample) throw new Error(missingSample(fn.name, "MUTATION_SAMPLES"));
    const t = newTest();
    const world = await buildWorld(t);
    const before = await everything(t);
    const result = await refusal(call(t, fn, sample(world)));
    expect(result.thrown, `${fn.name} accepted a signed-out caller`).toBe(true);
    expect(result.data, `${fn.name} failed with a plain error, not a sign-in refusal: ${result.text}`).not.toBeNull();
    const { code, message } = result.data!;
    const asksToSignIn = code === "UNAUTHENTICATED" || (typeof message === "string" && message.includes("ログイン"));
    expect(asksToSignIn, `${fn.name} refused with ${String(code)}: ${String(message)}`).toBe(true);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await everything(t)).toEqual(before);
  });

  test.each(QUERIES.map((f) => [f.name, f] as const))("reads %s cleanly, and sees nothing private", async (_name, fn) => {
    const sample = QUERY_SAMPLES[fn.name];
    if (!sample) throw new Error(missingSample(fn.name, "QUERY_SAMPLES"));
    const t = newTest();
    const world = await buildWorld(t);
    const args = sample.args(world);
    let answer: unknown;
    try {
      answer = await call(t, fn, args);
    } catch (error) {
      // Refusing is fine, but as a message a person can read (a ConvexError), never a crash.
      expect((error as { data?: unknown }).data, `${fn.name} threw a plain error: ${String(error)}`).toEqual(
        expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      );
      answer = undefined;
    }
    const shown = JSON.stringify(answer) ?? "";
    for (const marker of PRIVATE_MARKERS) expect(shown, `${fn.name} shows a visitor "${marker}"`).not.toContain(marker);

    if (sample.access === "moderator") {
      expect(answer, `${fn.name} answered a visitor`).toBeUndefined();
      const asUser = await refusal(call(world.fan.as, fn, args));
      expect(asUser.data, `${fn.name} answered an ordinary user`).toMatchObject({ code: "FORBIDDEN" });
      for (const staff of [world.moderator, world.admin]) {
        expect((await refusal(call(staff.as, fn, args))).thrown, `${fn.name} refused a moderator`).toBe(false);
      }
    }
    if (sample.access === "private") {
      if (answer !== undefined) expect(answer, `${fn.name} shows a visitor something`).toEqual(sample.nothing);
      // The same arguments do reach private data for its owner, so "nothing" above means something.
      const owner = sample.owner === "hidden" ? world.hidden : world.owner;
      const own = await call(owner.as, fn, args);
      expect(own, `${fn.name}: the owner should see their data with these arguments`).not.toEqual(sample.nothing);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// A suspended account (docs: trust and safety): it reads and signs in, but every write to the
// community is refused with a message that says until when. Only these stay open to it.

const SUSPENDED_ALLOWED: Record<string, string> = {
  "account:deleteAccount": "anyone may leave and take their data with them",
  "notifications:markRead": "reading one's own notifications changes nothing others see",
  "notifications:markAllRead": "reading one's own notifications changes nothing others see",
  "users:updateSettings": "one's own notification and privacy settings",
  "users:checkHandle": "only answers whether a user id is free",
  "screenshots:discardUploads": "taking back one's own unposted uploads only removes files",
  "screenshots:checkUpload": "checks a file uploaded through a URL a suspended user cannot get",
  "screenshots:checkShareCard": "checks a file uploaded through a URL a suspended user cannot get",
  "users:checkPhotoUpload": "checks a file uploaded through a URL a suspended user cannot get",
  "comments:remove": "removing one's own comment, or one on one's own work, only takes away",
  "moderation:requestReview": "the way to ask a moderator to look again",
};

describe("a suspended caller", () => {
  // The desk's writers refuse anyone without a role first; staff are never suspended.
  const refusedWriters = WRITERS.filter(
    (f) => !(f.name in ANONYMOUS_ALLOWED) && !(f.name in SUSPENDED_ALLOWED) && !(f.name in ROLE_WRITERS),
  );

  test("every entry of the allow-list is a public mutation or action, with its reason", () => {
    for (const [name, reason] of Object.entries(SUSPENDED_ALLOWED)) {
      expect(
        WRITERS.map((f) => f.name),
        `${name} is not a public writer`,
      ).toContain(name);
      expect(reason.length).toBeGreaterThan(10);
    }
  });

  test.each(refusedWriters.map((f) => [f.name, f] as const))(
    "is refused by %s, saying until when, and nothing changes",
    async (_name, fn) => {
      const sample = MUTATION_SAMPLES[fn.name];
      if (!sample) throw new Error(missingSample(fn.name, "MUTATION_SAMPLES"));
      const t = newTest();
      const world = await buildWorld(t);
      const until = Date.now() + 3 * 86_400_000;
      for (const who of [world.owner, world.fan]) {
        await t.run((ctx) => ctx.db.patch("users", who.userId, { suspension: { until, reason: "テスト", since: Date.now() } }));
      }
      const before = await everything(t);
      // The owner's and the fan's samples differ (their own work, another's work): both are refused.
      for (const who of [world.owner, world.fan]) {
        const result = await refusal(call(who.as, fn, sample(world)));
        expect(result.thrown, `${fn.name} accepted a suspended caller`).toBe(true);
        expect(result.data, `${fn.name}: ${result.text}`).toMatchObject({ code: "SUSPENDED" });
        expect(String(result.data?.message)).toContain("アカウントが停止されているため");
        expect(String(result.data?.message)).toMatch(/\d+年\d+月\d+日/);
      }
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      expect(await everything(t)).toEqual(before);
    },
  );

  test("a suspension that has run out refuses nothing; one without an end says no date", async () => {
    const t = newTest();
    const world = await buildWorld(t);
    await t.run((ctx) =>
      ctx.db.patch("users", world.fan.userId, { suspension: { until: Date.now() + 1000, reason: "短期", since: Date.now() } }),
    );
    vi.advanceTimersByTime(1001);
    await expect(world.fan.as.mutation(api.likes.toggle, { projectId: world.projectId })).resolves.toMatchObject({ liked: false });
    await t.run((ctx) => ctx.db.patch("users", world.fan.userId, { suspension: { reason: "無期限", since: Date.now() } }));
    const result = await refusal(world.fan.as.mutation(api.likes.toggle, { projectId: world.projectId }));
    expect(result.data).toMatchObject({ code: "SUSPENDED" });
    expect(String(result.data?.message)).not.toMatch(/\d+年/);
  });
});

// ---------------------------------------------------------------------------------------------
// Roles: the moderation desk's writes, for an ordinary user, a moderator and an admin.

describe("the moderation desk's writes", () => {
  test("are exactly the role writers listed here", () => {
    const roleBuilt = WRITERS.filter((f) => f.name.startsWith("moderation:") && f.name !== "moderation:requestReview");
    expect(roleBuilt.map((f) => f.name).sort()).toEqual(Object.keys(ROLE_WRITERS).sort());
  });

  test.each(Object.entries(ROLE_WRITERS))(
    "%s refuses an ordinary user (and a moderator when admin-only), changing nothing; the role may",
    async (name, role) => {
      const fn = WRITERS.find((f) => f.name === name)!;
      const t = newTest();
      const world = await buildWorld(t);
      const before = await everything(t);
      const refusedCallers = role === "admin" ? [world.fan, world.owner, world.moderator] : [world.fan, world.owner];
      for (const who of refusedCallers) {
        const result = await refusal(call(who.as, fn, MUTATION_SAMPLES[name]!(world)));
        expect(result.data, `${name}: ${result.text}`).toMatchObject({ code: "FORBIDDEN" });
      }
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      expect(await everything(t)).toEqual(before);
      const allowed = role === "admin" ? world.admin : world.moderator;
      expect((await refusal(call(allowed.as, fn, MUTATION_SAMPLES[name]!(world)))).thrown).toBe(false);
    },
  );
});
