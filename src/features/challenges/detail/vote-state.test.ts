import { describe, expect, it } from "vitest";
import type { ChallengeEntry } from "./challenge-types";
import { toggledVote } from "./vote-state";

const entry = (viewerVoted: boolean, votesCount: number) => ({ viewerVoted, votesCount }) as ChallengeEntry;

describe("toggledVote", () => {
  it("adds the viewer's vote, or takes it back, never below 0", () => {
    expect(toggledVote(entry(false, 2))).toMatchObject({ viewerVoted: true, votesCount: 3 });
    expect(toggledVote(entry(true, 3))).toMatchObject({ viewerVoted: false, votesCount: 2 });
    expect(toggledVote(entry(true, 0))).toMatchObject({ viewerVoted: false, votesCount: 0 });
  });
});
