// A challenge's voting rules, chosen by the organiser when creating it (and changeable until
// voting opens): who may vote, and whether the vote counts stay hidden until voting is over.
// Plain data and validators only, so the create form in the browser and the server read the same
// choices and the same Japanese wording. An unset `votingRules` is the default: anyone signed in
// votes, counts are shown live.
import { v, type Infer } from "convex/values";

/** Who may vote, loosest first. */
export const VOTER_RULES = ["anyone", "established", "creators", "entrants"] as const;
export type VoterRule = (typeof VOTER_RULES)[number];

/** How old an account must be under "established". */
export const ESTABLISHED_ACCOUNT_DAYS = 7;

export const vVoterRule = v.union(v.literal("anyone"), v.literal("established"), v.literal("creators"), v.literal("entrants"));

export const vVotingRules = v.object({
  voters: vVoterRule,
  /** 投票数を終了まで非公開: counts (and the votes order) stay on the server until voting is over. */
  hideCounts: v.boolean(),
});
export type VotingRules = Infer<typeof vVotingRules>;

export const DEFAULT_VOTING_RULES: VotingRules = { voters: "anyone", hideCounts: false };

/** The stored rules with the defaults filled in (challenges from before rules existed have none). */
export function votingRulesOf(challenge: { votingRules?: VotingRules }): VotingRules {
  return challenge.votingRules ?? DEFAULT_VOTING_RULES;
}

/** How each choice reads in the form and in the rules summary (投票できる人: …). */
export const VOTER_RULE_LABELS: Record<VoterRule, string> = {
  anyone: "ログインしているすべての人",
  established: `登録から${ESTABLISHED_ACCOUNT_DAYS}日以上たった人`,
  creators: "作品を1件以上投稿した人",
  entrants: "このチャレンジに作品を提出した人",
};

export const COUNTS_LABELS = { shown: "投票中も公開", hidden: "終了まで非公開" } as const;

/** Why a vote is refused, one message per rule. */
export const VOTER_REFUSALS: Record<Exclude<VoterRule, "anyone">, string> = {
  established: `このチャレンジに投票できるのは、登録から${ESTABLISHED_ACCOUNT_DAYS}日以上たった人だけです`,
  creators: "このチャレンジに投票できるのは、作品を1件以上投稿した人だけです",
  entrants: "このチャレンジに投票できるのは、作品を提出した人だけです",
};

export const VOTING_RULES_MESSAGES = {
  lockedAfterVoting: "投票が始まったあとは投票ルールを変更できません",
  organiserEntry: "主催者は自分のチャレンジに応募できません",
  updated: "投票ルールを変更しました",
} as const;

/** The two lines the challenge page shows before anyone votes. */
export function votingRulesSummary(rules: VotingRules): { label: string; value: string }[] {
  return [
    { label: "投票できる人", value: VOTER_RULE_LABELS[rules.voters] },
    { label: "投票数", value: rules.hideCounts ? COUNTS_LABELS.hidden : COUNTS_LABELS.shown },
  ];
}

/**
 * Whether counts are still secret: hidden counts stay hidden while entries are open and while
 * votes are accepted; once the voting deadline passes (or the winner is picked) they show, so
 * the organiser picks the winner seeing them.
 */
export function countsHidden(challenge: { status: string; votingRules?: VotingRules }, votingEndsAt: number | null, now: number): boolean {
  if (!votingRulesOf(challenge).hideCounts) return false;
  if (challenge.status === "ended") return false;
  if (challenge.status === "voting" && votingEndsAt !== null && now > votingEndsAt) return false;
  return true;
}
