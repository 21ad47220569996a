import { CHALLENGE_STATUSES, type ChallengeStatus } from "../../../convex/constants";
import { STATUS_LABELS } from "./challenge-status";

/** The list's filter: every challenge, or one status. Lives in the URL as ?status=. */
export type ChallengeFilter = "all" | ChallengeStatus;

export const CHALLENGE_FILTERS: readonly ChallengeFilter[] = ["all", ...CHALLENGE_STATUSES];

export const FILTER_LABELS: Record<ChallengeFilter, string> = { all: "すべて", ...STATUS_LABELS };

/** How each filter's list is ordered (the server's list order), said above the list. */
export const ORDER_NOTES: Record<ChallengeFilter, string> = {
  all: "募集中は締切が近い順、投票中は投票締切が近い順、終了したものは新しい順に並んでいます。",
  active: "締切が近い順に並んでいます。",
  voting: "投票締切が近い順に並んでいます。",
  ended: "終了が新しい順に並んでいます。",
};

/** ?status=active|voting|ended; absent or unknown values (old or mistyped links) show everything. */
export function parseStatusParam(value: string | null): ChallengeFilter {
  return CHALLENGE_STATUSES.find((status) => status === value) ?? "all";
}

/** The URL for a filter: すべて leaves ?status= out; other parameters are kept. */
export function withStatusParam(params: URLSearchParams, filter: ChallengeFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  if (filter === "all") next.delete("status");
  else next.set("status", filter);
  return next;
}

/** The list query's arguments: no status means every challenge. */
export function listArgs(filter: ChallengeFilter): { status?: ChallengeStatus } {
  return filter === "all" ? {} : { status: filter };
}
