// Where a challenge stands in the list, written with every status change so the list is one
// index read: open challenges by the nearest entry deadline, then those in voting by the nearest
// voting deadline, then ended ones newest first. That is how a visitor reads "すべて": what they
// can still join, what they can still vote on, then what is over.
import type { Doc } from "../_generated/dataModel";
import type { ChallengeStatus } from "../constants";
import { votingDeadline } from "./challengeTerms";

export const LIST_RANK: Record<ChallengeStatus, number> = { active: 0, voting: 1, ended: 2 };

type Placed = Pick<Doc<"challenges">, "status" | "endDate" | "votingEndsAt" | "votingStartedAt" | "endedAt" | "updatedAt">;

/** The challenge's list fields for its (new) status; ascending order is the list's order. */
export function listPlace(challenge: Placed): { listRank: number; listKey: number } {
  const listRank = LIST_RANK[challenge.status];
  switch (challenge.status) {
    case "active":
      return { listRank, listKey: challenge.endDate };
    case "voting":
      return { listRank, listKey: votingDeadline(challenge) };
    case "ended":
      return { listRank, listKey: -(challenge.endedAt ?? challenge.updatedAt) };
  }
}
