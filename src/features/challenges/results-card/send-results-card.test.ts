import { describe, expect, it, vi } from "vitest";
import type { Id } from "../../../../convex/_generated/dataModel";
import { sendResultsCard, type ResultsCardSteps, type ResultsHighlights } from "./send-results-card";

const challengeId = "c1" as Id<"challenges">;
const card = new Blob(["card"], { type: "image/webp" });
const highlights: ResultsHighlights = {
  title: "夏のゲームジャム",
  winner: { title: "ねこの家計簿", authorName: "山田", thumbnailUrl: "https://files.example/t.webp" },
  awards: [{ award: "excellence", title: "二番目" }],
};

function steps(overrides: Partial<ResultsCardSteps> = {}): ResultsCardSteps {
  return {
    highlights: vi.fn(() => Promise.resolve(highlights)),
    draw: vi.fn(() => Promise.resolve(card)),
    upload: vi.fn(() => Promise.resolve("file-1" as Id<"_storage">)),
    check: vi.fn(() => Promise.resolve(null)),
    attach: vi.fn(() => Promise.resolve(null)),
    discard: vi.fn(() => Promise.resolve(null)),
    ...overrides,
  };
}

describe("sendResultsCard", () => {
  it("draws the results as the server tells them, uploads, checks and attaches the card", async () => {
    const s = steps();
    expect(await sendResultsCard(challengeId, s)).toBe(true);
    expect(s.draw).toHaveBeenCalledWith({
      challengeTitle: "夏のゲームジャム",
      winner: { title: "ねこの家計簿", authorName: "山田" },
      awards: [{ award: "excellence", title: "二番目" }],
      thumbnailUrl: "https://files.example/t.webp",
    });
    expect(s.check).toHaveBeenCalledWith("file-1");
    expect(s.attach).toHaveBeenCalledWith({ challengeId, storageId: "file-1" });
    expect(s.discard).not.toHaveBeenCalled();
  });

  it("without published results or a winning work, draws nothing", async () => {
    for (const answer of [null, { ...highlights, winner: null }]) {
      const s = steps({ highlights: vi.fn(() => Promise.resolve(answer)) });
      expect(await sendResultsCard(challengeId, s)).toBe(false);
      expect(s.draw).not.toHaveBeenCalled();
    }
  });

  it("a refused card is discarded and nothing is thrown", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const s = steps({ attach: vi.fn(() => Promise.reject(new Error("refused"))) });
    expect(await sendResultsCard(challengeId, s)).toBe(false);
    expect(s.discard).toHaveBeenCalledWith("file-1");
    const drawFails = steps({ draw: vi.fn(() => Promise.reject(new Error("canvas"))) });
    expect(await sendResultsCard(challengeId, drawFails)).toBe(false);
    expect(drawFails.upload).not.toHaveBeenCalled();
    expect(drawFails.discard).not.toHaveBeenCalled();
  });
});
