import type { ConvexReactClient } from "convex/react";
import { getFunctionName } from "convex/server";
import { describe, expect, test } from "vitest";
import { prewarmFirstPage } from "./prewarm-first-page";

/** The queries prewarmFirstPage asks a client for on `pathname`, as "module:function" + args. */
function prewarmed(pathname: string) {
  const asked: { name: string; args: unknown; keepFor: number | undefined }[] = [];
  const client = {
    prewarmQuery: ({ query, args, extendSubscriptionFor }: Parameters<ConvexReactClient["prewarmQuery"]>[0]) =>
      asked.push({ name: getFunctionName(query), args, keepFor: extendSubscriptionFor }),
  } as unknown as ConvexReactClient;
  prewarmFirstPage(client, pathname);
  return asked;
}

describe("prewarmFirstPage", () => {
  test("asks for the home page's overview and trending works", () => {
    expect(prewarmed("/").map((q) => q.name)).toEqual(["home:overview", "trending:homeWorks"]);
  });

  test("asks for the work of a work page, with the id from the address", () => {
    expect(prewarmed("/projects/k57work")).toEqual([{ name: "projects:get", args: { id: "k57work" }, keepFor: 20_000 }]);
  });

  test("asks for the profile of a profile page, but not on the setup and edit pages", () => {
    expect(prewarmed("/profile/sho_student")).toMatchObject([{ name: "users:getProfile", args: { id: "sho_student" } }]);
    expect(prewarmed("/profile/setup")).toEqual([]);
    expect(prewarmed("/profile/edit")).toEqual([]);
  });

  test("asks for nothing elsewhere", () => {
    expect(prewarmed("/projects")).toEqual([]);
    expect(prewarmed("/settings")).toEqual([]);
  });
});
