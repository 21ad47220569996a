import type { ChallengeEntry } from "./challenge-types";

/** What the grid shows the moment a vote is pressed, before the server answers. */
export function toggledVote(entry: ChallengeEntry): ChallengeEntry {
  return {
    ...entry,
    viewerVoted: !entry.viewerVoted,
    // Hidden counts stay hidden: only the viewer's own vote changes.
    votesCount: entry.votesCount === null ? null : Math.max(0, entry.votesCount + (entry.viewerVoted ? -1 : 1)),
  };
}
