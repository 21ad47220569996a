// The merge at sign-in, through its hook (LocalSavesMerge only wires it to the session, the
// mutation and a toast; the app shell imports it before any test mock could apply).
import { act, render } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LIMITS } from "../../../convex/constants";
import { LOCAL_SAVES_KEY, readLocalSaves, toggleLocalSave } from "@/lib/local-saves";
import { mergeLocalSaves, useMergeAtSignIn } from "./local-saves-merge";

let fail = false;
const merge = vi.fn((projectIds: string[]) =>
  fail ? Promise.reject(new Error("offline")) : Promise.resolve({ added: projectIds.length - 1 }),
);
const onAdded = vi.fn();

function Harness({ userId }: { userId: string | null }) {
  useMergeAtSignIn(userId, merge, onAdded);
  return null;
}

beforeEach(() => {
  localStorage.clear();
  fail = false;
  merge.mockClear();
  onAdded.mockClear();
});

describe("mergeLocalSaves", () => {
  it("sends chunks the server takes, oldest first, and drops each merged chunk", async () => {
    const ids = Array.from({ length: LIMITS.savesMergeMax + 5 }, (_, i) => `w${i}`);
    const sent: string[][] = [];
    const removed: string[][] = [];
    const added = await mergeLocalSaves(
      ids,
      (chunk) => {
        sent.push(chunk);
        return Promise.resolve({ added: chunk.length });
      },
      (chunk) => removed.push([...chunk]),
    );
    expect(added).toBe(ids.length);
    expect(sent.map((chunk) => chunk.length)).toEqual([LIMITS.savesMergeMax, 5]);
    expect(sent[0]![0]).toBe("w0");
    expect(removed).toEqual(sent);
  });

  it("stops at a refused chunk, leaving it", async () => {
    const removed: string[][] = [];
    await expect(
      mergeLocalSaves(
        ["a"],
        () => Promise.reject(new Error("no")),
        (chunk) => removed.push([...chunk]),
      ),
    ).rejects.toThrow();
    expect(removed).toEqual([]);
  });
});

describe("the merge at sign-in", () => {
  it("does nothing for a visitor; on sign-in merges the local list once, clears it and says how many", async () => {
    toggleLocalSave("a");
    toggleLocalSave("b");
    const { rerender } = render(<Harness userId={null} />);
    expect(merge).not.toHaveBeenCalled();

    rerender(<Harness userId="me" />);
    await vi.waitFor(() => expect(readLocalSaves()).toEqual([]));
    expect(merge.mock.calls).toEqual([[["a", "b"]]]);
    expect(localStorage.getItem(LOCAL_SAVES_KEY)).toBeNull();
    expect(onAdded).toHaveBeenCalledWith(1);

    rerender(<Harness userId="me" />);
    expect(merge).toHaveBeenCalledTimes(1);
  });

  it("with nothing saved locally, calls nothing", () => {
    render(<Harness userId="me" />);
    expect(merge).not.toHaveBeenCalled();
  });

  it("a refused merge keeps the local list and is not retried in a loop", async () => {
    toggleLocalSave("a");
    fail = true;
    render(<Harness userId="me" />);
    await vi.waitFor(() => expect(merge).toHaveBeenCalledTimes(1));
    await act(async () => {
      toggleLocalSave("b");
      await Promise.resolve();
    });
    expect(merge).toHaveBeenCalledTimes(1);
    expect(readLocalSaves()).toEqual(["a", "b"]);
    expect(onAdded).not.toHaveBeenCalled();
  });
});
