// The results' share link and card (docs/decisions.md "SEO, share cards, feeds and embeds"):
// GET /share/challenges/{id}/results answers with the results' tags once they are out (nothing
// before), and challengeResults.setResultsCard puts the card the organiser's browser drew on
// the challenge.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createChallenge } from "./model/challenges.testkit";
import { challengeIdOfResultsPath, shareChallengeResultsPath } from "./model/shareLinks";
import { resultsShareDescription, SHARE_DESCRIPTION_MAX, SITE_TAGS } from "./model/sharePage";
import { realGif, realPng, registryRow, storePair, uploadCard } from "./model/screenshots.testkit";
import { fileExists } from "./model/storedFiles.testkit";
import { createWork } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";
import { meta } from "./model/sharePage.testkit";

const SITE_URL = "https://app.example";
const CONVEX_SITE = "https://some.convex.site";
const HOUR = 60 * 60 * 1000;

beforeEach(() => {
  vi.stubEnv("SITE_URL", SITE_URL);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

type Client = Awaited<ReturnType<typeof createUser>>["as"];

async function share(t: TestConvex, challengeId: string, method = "GET") {
  const response = await t.fetch(shareChallengeResultsPath(challengeId), { method });
  return { status: response.status, type: response.headers.get("content-type"), html: await response.text() };
}

const urlOf = async (t: TestConvex, storageId: Id<"_storage">) => (await t.run((ctx) => ctx.storage.getUrl(storageId)))!;

/**
 * A challenge in voting with entries; the first entry's work has a thumbnail. `titles` are the
 * entries' work titles.
 */
async function votingChallenge(t: TestConvex, input: { title?: string; titles?: string[] } = {}) {
  const organiser = await createUser(t, { displayName: "主催者" });
  const challengeId = await createChallenge(organiser.as, input.title ? { title: input.title } : {});
  const entries = [];
  for (const [i, title] of (input.titles ?? ["優勝作品", "二番目"]).entries()) {
    const user = await createUser(t, { displayName: `参加者${i + 1}` });
    const shot = i === 0 ? await storePair(t, realPng(), realGif(), "image/gif") : undefined;
    const projectId = await createWork(t, user.userId, { title, ...(shot ? { screenshots: [shot] } : {}) });
    const submissionId = await user.as.mutation(api.challenges.enter, { challengeId, projectId });
    entries.push({ ...user, projectId, submissionId, shot });
  }
  await organiser.as.mutation(api.challenges.startVoting, { challengeId });
  return { organiser, challengeId, entries };
}

/** Decides: the first entry wins, and any awards given. */
async function decide(
  setup: Awaited<ReturnType<typeof votingChallenge>>,
  awards: { excellence?: Id<"challengeSubmissions">; special?: Id<"challengeSubmissions"> } = {},
) {
  await setup.organiser.as.mutation(api.challenges.selectWinner, {
    challengeId: setup.challengeId,
    submissionId: setup.entries[0]!.submissionId,
    awards,
  });
}

async function setCard(t: TestConvex, as: Client, challengeId: Id<"challenges">) {
  const card = await uploadCard(t, as);
  await as.mutation(api.challengeResults.setResultsCard, { challengeId, storageId: card });
  return card;
}

const challengeDoc = async (t: TestConvex, id: Id<"challenges">) => (await t.run((ctx) => ctx.db.get("challenges", id)))!;

describe("GET /share/challenges/{id}/results", () => {
  test("published results: their title, the winner and awards, how many took part, then on to the results page", async () => {
    const t = newTest();
    const setup = await votingChallenge(t, { title: '<夏の>ゲーム & "祭"', titles: ["優勝作品", "優秀な作品", "特別な作品"] });
    await decide(setup, { excellence: setup.entries[1]!.submissionId, special: setup.entries[2]!.submissionId });
    const { status, type, html } = await share(t, setup.challengeId);
    expect(status).toBe(200);
    expect(type).toBe("text/html; charset=utf-8");
    const title = '「<夏の>ゲーム & "祭"」結果発表';
    expect(meta(html, "og:title")).toBe(title);
    expect(meta(html, "twitter:title")).toBe(title);
    expect(meta(html, "og:description")).toBe("優勝：「優勝作品」参加者1さん・優秀賞：「優秀な作品」・特別賞：「特別な作品」・3作品が参加");
    expect(meta(html, "og:url")).toBe(`${CONVEX_SITE}/share/challenges/${setup.challengeId}/results`);
    // Escaped everywhere: no raw markup of the title reaches the page.
    expect(html).not.toContain("<夏の>");
    expect(html).toContain("&lt;夏の&gt;ゲーム &amp; &quot;祭&quot;");
    const resultsUrl = `${SITE_URL}/challenges/${setup.challengeId}/results`;
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${resultsUrl}">`);
    expect(html).toContain(`<a href="${resultsUrl}">`);
    expect(html).toContain(`location.replace(${JSON.stringify(resultsUrl)})`);
    // No oEmbed: results are not an embeddable work.
    expect(html).not.toContain("json+oembed");
  });

  test("HEAD answers like GET", async () => {
    const t = newTest();
    const setup = await votingChallenge(t);
    await decide(setup);
    expect((await share(t, setup.challengeId, "HEAD")).status).toBe(200);
  });

  test("unknown, malformed, hidden or not yet decided: the not-found page with the site's tags, nothing of the ranking", async () => {
    const t = newTest();
    const setup = await votingChallenge(t, { title: "秘密のチャレンジ" });
    const notFound = async (id: string) => {
      const { status, html } = await share(t, id);
      expect(status).toBe(404);
      expect(meta(html, "og:title")).toBe(SITE_TAGS.title);
      expect(meta(html, "og:image")).toBe(`${SITE_URL}${SITE_TAGS.imagePath}`);
      expect(html).not.toContain("秘密のチャレンジ");
      expect(html).not.toContain("優勝作品");
    };
    // Voting: the results are not out.
    await notFound(setup.challengeId);
    await notFound("not-an-id");
    await decide(setup);
    expect((await share(t, setup.challengeId)).status).toBe(200);
    await t.run((ctx) => ctx.db.patch("challenges", setup.challengeId, { hidden: true }));
    await notFound(setup.challengeId);
    await t.run((ctx) => ctx.db.delete("challenges", setup.challengeId));
    await notFound(setup.challengeId);
    // Another path under the prefix is no results page.
    expect((await t.fetch(`/share/challenges/${setup.challengeId}`)).status).toBe(404);
  });

  test("the image: the results card, else the winner's own card, else its thumbnail, else the site image", async () => {
    const t = newTest();
    const setup = await votingChallenge(t);
    const winner = setup.entries[0]!;
    await decide(setup);
    const image = async () => {
      const { html } = await share(t, setup.challengeId);
      return { image: meta(html, "og:image"), width: meta(html, "og:image:width"), height: meta(html, "og:image:height") };
    };
    // The thumbnail (not the original), of unknown size.
    expect(await image()).toEqual({ image: await urlOf(t, winner.shot!.thumbnailStorageId), width: undefined, height: undefined });

    const workCard = await uploadCard(t, winner.as);
    await winner.as.mutation(api.projects.setShareCard, {
      id: winner.projectId,
      storageId: workCard,
      title: "優勝作品",
      firstScreenshot: winner.shot!.storageId,
    });
    expect(await image()).toEqual({ image: await urlOf(t, workCard), width: "1200", height: "630" });
    // A work card showing its author's old name is not used.
    await t.run((ctx) => ctx.db.patch("users", winner.userId, { displayName: "改名した人" }));
    expect((await image()).image).toBe(await urlOf(t, winner.shot!.thumbnailStorageId));

    const resultsCard = await setCard(t, setup.organiser.as, setup.challengeId);
    expect(await image()).toEqual({ image: await urlOf(t, resultsCard), width: "1200", height: "630" });
    // Nor a results card showing the winner's old name.
    await t.run((ctx) => ctx.db.patch("users", winner.userId, { displayName: "また改名した人" }));
    expect((await image()).image).toBe(await urlOf(t, winner.shot!.thumbnailStorageId));

    // A winner without a screenshot: the site image.
    const bare = await votingChallenge(t, { titles: ["画像なし"] });
    await t.run(async (ctx) => {
      const work = (await ctx.db.get("projects", bare.entries[0]!.projectId))!;
      await ctx.db.patch("projects", work._id, { screenshots: [] });
    });
    await decide(bare);
    const { html } = await share(t, bare.challengeId);
    expect(meta(html, "og:image")).toBe(`${SITE_URL}${SITE_TAGS.imagePath}`);
    expect(meta(html, "og:image:width")).toBe("1200");
  });
});

describe("results share text", () => {
  test("a long description cuts the winner's part, drops awards without room, and keeps the count whole", () => {
    const long = "長".repeat(200);
    const text = resultsShareDescription({
      challengeTitle: "x",
      submissionsCount: 12,
      winner: { title: long, authorName: "作者" },
      awards: [{ label: "優秀賞", title: "別" }],
    });
    expect(Array.from(text).length).toBeLessThanOrEqual(SHARE_DESCRIPTION_MAX);
    expect(text.startsWith("優勝：「長長")).toBe(true);
    expect(text.endsWith("…・12作品が参加")).toBe(true);
    expect(text).not.toContain("優秀賞");
    expect(resultsShareDescription({ challengeTitle: "x", submissionsCount: 3, winner: null, awards: [] })).toBe(
      "3作品が参加したチャレンジの結果です",
    );
  });

  test("the path round-trips and nothing else parses", () => {
    expect(challengeIdOfResultsPath(shareChallengeResultsPath("abc"))).toBe("abc");
    expect(challengeIdOfResultsPath("/share/challenges/abc/results/")).toBe("abc");
    expect(challengeIdOfResultsPath("/share/challenges/abc")).toBeNull();
    expect(challengeIdOfResultsPath("/share/challenges//results")).toBeNull();
    expect(challengeIdOfResultsPath("/share/challenges/a/b/results")).toBeNull();
  });
});

describe("challengeResults.setResultsCard", () => {
  test("the organiser's checked card goes on the published results; a new one replaces (and deletes) the old", async () => {
    const t = newTest();
    const setup = await votingChallenge(t);
    await decide(setup);
    const first = await setCard(t, setup.organiser.as, setup.challengeId);
    expect((await challengeDoc(t, setup.challengeId)).resultsCardStorageId).toBe(first);
    expect((await registryRow(t, first))?.challengeId).toBe(setup.challengeId);
    const second = await setCard(t, setup.organiser.as, setup.challengeId);
    expect((await challengeDoc(t, setup.challengeId)).resultsCardStorageId).toBe(second);
    expect(await fileExists(t, first)).toBe(false);
    expect(await registryRow(t, first)).toBeNull();
    expect(await fileExists(t, second)).toBe(true);
  });

  test("signed out, another user, before the results, or a hidden challenge: refused, nothing written", async () => {
    const t = newTest();
    const setup = await votingChallenge(t);
    const other = await createUser(t);
    const card = await uploadCard(t, setup.organiser.as);
    const args = { challengeId: setup.challengeId, storageId: card };
    expect(await errorOf(t.mutation(api.challengeResults.setResultsCard, args))).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await errorOf(setup.organiser.as.mutation(api.challengeResults.setResultsCard, args))).toEqual({
      code: "INVALID_STATE",
      message: "結果はまだ発表されていません",
    });
    await decide(setup);
    const theirs = await uploadCard(t, other.as);
    expect(await errorOf(other.as.mutation(api.challengeResults.setResultsCard, { ...args, storageId: theirs }))).toEqual({
      code: "FORBIDDEN",
      message: "この操作はチャレンジの主催者だけが行えます",
    });
    await t.run((ctx) => ctx.db.patch("challenges", setup.challengeId, { hidden: true }));
    expect(await errorOf(setup.organiser.as.mutation(api.challengeResults.setResultsCard, args))).toMatchObject({ code: "NOT_FOUND" });
    const challenge = await challengeDoc(t, setup.challengeId);
    expect(challenge.resultsCardStorageId).toBeUndefined();
    expect((await registryRow(t, card))?.challengeId).toBeUndefined();
  });

  test("a file that is not the organiser's checked pending card is refused", async () => {
    const t = newTest();
    const setup = await votingChallenge(t);
    const other = await createUser(t);
    await decide(setup);
    const failed = {
      code: "INVALID_IMAGE",
      message: "画像のアップロードに失敗しました",
      fields: { shareCard: "画像のアップロードに失敗しました" },
    };
    const attach = (storageId: Id<"_storage">) =>
      errorOf(setup.organiser.as.mutation(api.challengeResults.setResultsCard, { challengeId: setup.challengeId, storageId }));
    // Someone else's card, a file never checked, a screenshot.
    expect(await attach(await uploadCard(t, other.as))).toEqual(failed);
    expect(await attach((await storePair(t)).storageId)).toEqual(failed);
    expect(await attach(setup.entries[0]!.shot!.thumbnailStorageId)).toEqual(failed);
    // Another challenge's card.
    const otherSetup = await votingChallenge(t);
    await decide(otherSetup);
    const theirs = await setCard(t, otherSetup.organiser.as, otherSetup.challengeId);
    expect(
      await errorOf(
        otherSetup.organiser.as.mutation(api.challengeResults.setResultsCard, { challengeId: otherSetup.challengeId, storageId: theirs }),
      ),
    ).toEqual(failed);
    expect((await challengeDoc(t, setup.challengeId)).resultsCardStorageId).toBeUndefined();
  });

  test("an attached card is neither swept nor discarded; deleting the challenge releases it", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const setup = await votingChallenge(t);
    await decide(setup);
    const card = await setCard(t, setup.organiser.as, setup.challengeId);
    await setup.organiser.as.mutation(api.screenshots.discardUploads, { storageIds: [card] });
    vi.advanceTimersByTime(25 * HOUR);
    await t.mutation(internal.screenshots.sweepPending, {});
    await t.mutation(internal.screenshots.sweepUnusedUploads, {});
    vi.advanceTimersByTime(25 * HOUR);
    await t.mutation(internal.screenshots.sweepUnusedUploads, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await fileExists(t, card)).toBe(true);
    expect((await challengeDoc(t, setup.challengeId)).resultsCardStorageId).toBe(card);

    const { deleteTarget } = await import("./model/moderationTargets");
    await t.run(async (ctx) => deleteTarget(ctx, { type: "challenge", doc: (await ctx.db.get("challenges", setup.challengeId))! }));
    expect(await fileExists(t, card)).toBe(false);
    expect(await registryRow(t, card)).toBeNull();
  });

  test("the organiser's account deletion takes the card off the challenge, which stays", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const setup = await votingChallenge(t);
    await decide(setup);
    const card = await setCard(t, setup.organiser.as, setup.challengeId);
    await setup.organiser.as.mutation(api.account.deleteAccount, { confirmation: "DELETE MY ACCOUNT" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const challenge = await challengeDoc(t, setup.challengeId);
    expect(challenge.resultsCardStorageId).toBeUndefined();
    expect(await fileExists(t, card)).toBe(false);
  });
});

describe("challengeResults.highlights", () => {
  test("null before the results; then the winner with its thumbnail and the awards", async () => {
    const t = newTest();
    const setup = await votingChallenge(t, { titles: ["優勝作品", "二番目", "三番目"] });
    expect(await t.query(api.challengeResults.highlights, { challengeId: setup.challengeId })).toBeNull();
    await decide(setup, { special: setup.entries[1]!.submissionId, excellence: setup.entries[2]!.submissionId });
    const highlights = await t.query(api.challengeResults.highlights, { challengeId: setup.challengeId });
    expect(highlights).toMatchObject({
      submissionsCount: 3,
      winner: { title: "優勝作品", authorName: "参加者1", thumbnailUrl: await urlOf(t, setup.entries[0]!.shot!.thumbnailStorageId) },
      awards: [
        { award: "excellence", title: "三番目", authorName: "参加者3" },
        { award: "special", title: "二番目", authorName: "参加者2" },
      ],
    });
    await t.run((ctx) => ctx.db.patch("challenges", setup.challengeId, { hidden: true }));
    expect(await t.query(api.challengeResults.highlights, { challengeId: setup.challengeId })).toBeNull();
  });
});
