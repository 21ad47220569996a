import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { api } from "./fixture/convex/_generated/api";
import type { Doc } from "./fixture/convex/_generated/dataModel";
import { eventually, type Harness, startHarness } from "./helpers";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

describe("paginated queries (journals)", () => {
  it("keeps loaded pages gapless and without duplicates while inserting and deleting", async () => {
    await h.backend.run("messages:seed", { count: 40 }); // ranks 0, 10, ... 390
    const react = h.react();
    // The machinery behind usePaginatedQuery (marked internal, hence the cast).
    type Result = { results: Doc<"messages">[]; status: string; loadMore: (n: number) => boolean };
    type PaginatedWatch = { onUpdate(cb: () => void): () => void; localQueryResult(): Result | undefined };
    const watch = (
      react as unknown as {
        watchPaginatedQuery(q: unknown, args: object, o: { initialNumItems: number }): PaginatedWatch;
      }
    ).watchPaginatedQuery(api.messages.list, {}, { initialNumItems: 10 });
    const unsubscribe = watch.onUpdate(() => undefined);
    const current = () => watch.localQueryResult();

    await eventually(() => expect(current()?.results.length).toBe(10));
    current()!.loadMore(10);
    await eventually(() => expect(current()?.results.length).toBe(20));
    current()!.loadMore(10);
    await eventually(() => expect(current()?.results.length).toBe(30));
    const lastLoaded = current()!.results.at(-1)!; // rank 290

    // Inserts all over the loaded range (and beyond it), in parallel, from another client. A new
    // 290 ties with the last loaded row and sorts after it (later creation time), so like 291 it
    // belongs to the next page: the loaded pages end at that row's cursor, not at its rank.
    const writer = h.http();
    const ranks = [5, 95, 95.5, 99, 101, 195, 199.9, 205, 289, 290, 291, 1000, -1];
    for (let i = 0; i < 20; i++) ranks.push(Math.round(Math.random() * 3000) / 10);
    await Promise.all(ranks.map((rank) => writer.mutation(api.messages.send, { rank, body: `inserted ${rank}` })));
    // Delete the documents that sit exactly on page boundaries.
    const all = await writer.query(api.messages.all, {});
    for (const rank of [90, 190]) {
      await writer.mutation(api.messages.remove, { id: all.find((m) => m.rank === rank)!._id });
    }

    const after = await writer.query(api.messages.all, {});
    const expected = after.slice(0, after.findIndex((m) => m._id === lastLoaded._id) + 1);
    expect(expected.filter((m) => m.rank === 290)).toHaveLength(1);
    await eventually(() => {
      const loaded = current()!.results;
      expect(loaded.map((m) => m.rank)).toEqual(expected.map((m) => m.rank));
    });
    const loaded = current()!.results;
    expect(new Set(loaded.map((m) => m._id)).size).toBe(loaded.length);
    expect(current()!.status).toBe("CanLoadMore");

    // Loading the rest continues exactly after the last loaded page.
    current()!.loadMore(100);
    const everything = await writer.query(api.messages.all, {});
    await eventually(() => expect(current()!.results.map((m) => m._id)).toEqual(everything.map((m) => m._id)));
    unsubscribe();
  });
});
