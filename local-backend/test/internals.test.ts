import { convexTest } from "convex-test";
import { describe, expect, it } from "vitest";
import { parseEnvFile } from "../src/build/env.js";
import { captureInternals, type ConvexTestInstance, InternalsMismatchError } from "../src/convex-test-adapter/internals.js";
import { decodeTs, encodeTs } from "../src/server/protocol.js";

describe("convex-test internals check", () => {
  it("finds what the backend relies on in the pinned convex-test", async () => {
    const t = convexTest(undefined, { "/convex/_generated/api.js": () => Promise.resolve({}) });
    const internals = await captureInternals(t);
    expect(typeof internals.db._documents).toBe("object");
    expect(typeof internals.global.transactionManager._lastCommitTs).toBe("bigint");
  });

  it("fails with a clear message, touching nothing, when they moved", async () => {
    const changed = {
      mutation: () => Promise.resolve(null),
      registerComponent: () => undefined,
    } as unknown as ConvexTestInstance;
    const error = await captureInternals(changed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalsMismatchError);
    expect((error as Error).message).toMatch(/convexGlobal store/);
    expect((error as Error).message).toMatch(/Pin convex-test to 0\.0\.60/);
  });
});

describe("small formats", () => {
  it("round-trips u64 timestamps as little-endian base64", () => {
    const ts = 1_700_000_000_123_456_789n;
    expect(decodeTs(encodeTs(ts))).toBe(ts);
    expect(encodeTs(1n)).toBe("AQAAAAAAAAA=");
  });

  it("parses dotenv files", () => {
    expect(parseEnvFile('# c\nA=1\nexport B="two words"\nC=\'x # y\'\nD=plain # comment\nE="line\\nbreak"\n')).toEqual({
      A: "1",
      B: "two words",
      C: "x # y",
      D: "plain",
      E: "line\nbreak",
    });
  });
});
