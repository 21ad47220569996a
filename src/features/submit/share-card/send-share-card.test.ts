import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Id } from "../../../../convex/_generated/dataModel";
import { editNeedsCard, sendShareCard, type ShareCardJob, type ShareCardSteps } from "./send-share-card";

const picked = new Blob(["png"], { type: "image/png" });
const drawn = new Blob(["webp"], { type: "image/webp" });
const card = "card-1" as Id<"_storage">;
const author = { id: "u1", displayName: "佐藤はな", photoUrl: null };
const job: ShareCardJob = {
  workId: "w1" as Id<"projects">,
  title: " ふんわり家計簿\n",
  isZeroCode: true,
  cover: { storageId: "shot-1", source: picked },
};

type Results = { [K in keyof ShareCardSteps]?: () => ReturnType<ShareCardSteps[K]> };

/** Every step succeeding unless `results` says otherwise, the order they ran in kept in `log`. */
function stepsThatWork(results: Results = {}) {
  const log: string[] = [];
  const step = <K extends keyof ShareCardSteps>(name: K, otherwise: () => ReturnType<ShareCardSteps[K]>) =>
    vi.fn(() => {
      log.push(name);
      return (results[name] ?? otherwise)();
    });
  const steps = {
    draw: step("draw", () => Promise.resolve(drawn)),
    upload: step("upload", () => Promise.resolve(card)),
    check: step("check", () => Promise.resolve(null)),
    attach: step("attach", () => Promise.resolve(true)),
    discard: step("discard", () => Promise.resolve(null)),
  };
  return { steps, log };
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("sendShareCard", () => {
  it("draws the card of the work as saved, uploads it, has it checked and puts it on the work", async () => {
    const { steps, log } = stepsThatWork();
    expect(await sendShareCard(job, author, steps)).toBe(true);
    expect(log).toEqual(["draw", "upload", "check", "attach"]);
    // The title as the server stores it (cleaned), both on the card and for the server's match.
    expect(steps.draw).toHaveBeenCalledWith({ title: "ふんわり家計簿", isZeroCode: true, screenshot: picked, author });
    expect(steps.upload).toHaveBeenCalledWith(drawn);
    expect(steps.check).toHaveBeenCalledWith(card);
    expect(steps.attach).toHaveBeenCalledWith({ id: "w1", storageId: card, title: "ふんわり家計簿", firstScreenshot: "shot-1" });
    expect(console.warn).not.toHaveBeenCalled();
  });

  it("a card an edit overtook is simply not attached (the server deleted it)", async () => {
    const { steps, log } = stepsThatWork({ attach: () => Promise.resolve(false) });
    expect(await sendShareCard(job, author, steps)).toBe(false);
    expect(log).toEqual(["draw", "upload", "check", "attach"]);
  });

  it("fails silently: nothing uploaded when drawing fails", async () => {
    const { steps, log } = stepsThatWork({ draw: () => Promise.reject(new Error("no 2D canvas")) });
    expect(await sendShareCard(job, author, steps)).toBe(false);
    expect(log).toEqual(["draw"]);
    expect(console.warn).toHaveBeenCalledOnce();
  });

  it.each(["upload", "check", "attach"] as const)(
    "fails silently when %s fails; an upload that reached the server is discarded",
    async (failing) => {
      const { steps, log } = stepsThatWork({ [failing]: () => Promise.reject(new Error(`${failing} failed`)) });
      expect(await sendShareCard(job, author, steps)).toBe(false);
      const upTo = ["draw", "upload", "check", "attach"].slice(0, ["upload", "check", "attach"].indexOf(failing) + 2);
      if (failing === "upload") expect(log).toEqual(upTo);
      else {
        expect(log).toEqual([...upTo, "discard"]);
        expect(steps.discard).toHaveBeenCalledExactlyOnceWith(card);
      }
    },
  );

  it("a discard that fails too is left to the daily sweep, still silently", async () => {
    const offline = () => Promise.reject(new Error("offline"));
    const { steps } = stepsThatWork({ attach: offline, discard: offline });
    await expect(sendShareCard(job, author, steps)).resolves.toBe(false);
  });
});

describe("editNeedsCard", () => {
  const before = { hasShareCard: true, title: "ふんわり家計簿", firstScreenshot: "shot-1" };

  it("keeps the card while it still shows the work's title and first screenshot", () => {
    expect(editNeedsCard(before, { title: "ふんわり家計簿", firstScreenshot: "shot-1" })).toBe(false);
    // Spaces around the title are not stored, so the card still shows it.
    expect(editNeedsCard(before, { title: " ふんわり家計簿 ", firstScreenshot: "shot-1" })).toBe(false);
  });

  it("a new title, a new first screenshot or a work without a card needs one", () => {
    expect(editNeedsCard(before, { title: "きっちり家計簿", firstScreenshot: "shot-1" })).toBe(true);
    expect(editNeedsCard(before, { title: "ふんわり家計簿", firstScreenshot: "shot-2" })).toBe(true);
    expect(editNeedsCard({ ...before, hasShareCard: false }, { title: "ふんわり家計簿", firstScreenshot: "shot-1" })).toBe(true);
  });
});
