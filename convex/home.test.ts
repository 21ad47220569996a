import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { insertProject } from "./model/projects";
import { addLike } from "./model/engagement";
import { createUser, newTest } from "./test.setup";

const work = {
  description: "説明",
  vibeDescription: "コンセプト",
  genre: "webapp" as const,
  demoUrl: "https://example.com",
  aiTools: ["Claude"],
  techStack: [],
  tags: [],
  screenshots: [],
};

describe("home overview", () => {
  test("counts come from the site counters and the top three works are the most liked", async () => {
    const t = newTest();
    const author = await createUser(t, { displayName: "作者" });
    const fans = await Promise.all([1, 2, 3].map(() => createUser(t)));
    const ids = await t.run(async (ctx) => {
      const ids = [];
      for (const [n, title] of ["A", "B", "C", "D"].entries()) {
        ids.push(await insertProject(ctx, author.userId, { ...work, title, isZeroCode: n === 0 }, Date.now()));
      }
      // D gets 3 likes, B 2, A 1, C none.
      for (const fan of fans) await addLike(ctx, fan.userId, ids[3]!);
      for (const fan of fans.slice(0, 2)) await addLike(ctx, fan.userId, ids[1]!);
      await addLike(ctx, fans[0]!.userId, ids[0]!);
      return ids;
    });
    const overview = await t.query(api.home.overview, {});
    expect(overview.counts).toEqual({ projects: 4, users: 0, zeroCodeProjects: 1, likes: 6 });
    expect(overview.topWorks.map((w) => w.title)).toEqual(["D", "B", "A"]);
    expect(overview.topWorks[0]).toMatchObject({ _id: ids[3], likesCount: 3, author: { displayName: "作者" } });
  });

  test("works for a signed-out visitor on an empty site", async () => {
    const t = newTest();
    expect(await t.query(api.home.overview, {})).toEqual({
      counts: { projects: 0, users: 0, zeroCodeProjects: 0, likes: 0 },
      topWorks: [],
    });
  });
});
