import { useMutation, useQuery } from "convex/react";
import { Scale, Settings2 } from "lucide-react";
import { useState } from "react";
import { api } from "../../../../convex/_generated/api";
import { votingRulesSummary, VOTING_RULES_MESSAGES, type VotingRules } from "../../../../convex/model/votingRules";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useToast } from "@/components/ui/use-toast";
import { readServerError } from "@/lib/convex-error";
import { VotingRulesFields } from "../voting-rules-fields";
import type { ChallengeDetail } from "./challenge-types";

/**
 * 投票のルール on the challenge page, there before anyone votes: who may vote and whether counts
 * are hidden, why the signed-in viewer may not vote (if so), and for the organiser, while entries
 * are open, a way to change them.
 */
export function VotingRulesPanel({ challenge }: { challenge: ChallengeDetail }) {
  const eligibility = useQuery(api.challengeVotingRules.eligibility, challenge.viewer ? { challengeId: challenge._id } : "skip");
  const [editing, setEditing] = useState(false);
  const canEdit = challenge.viewer?.isOrganiser === true && challenge.status === "active";
  const refusal = challenge.status !== "ended" && !challenge.viewer?.isOrganiser ? eligibility?.refusal : null;
  return (
    <Card role="region" aria-labelledby="voting-rules-heading" className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="voting-rules-heading" className="flex items-center gap-2 text-sm font-bold text-zinc-900">
          <Scale aria-hidden className="size-4 text-brand-600" />
          投票のルール
        </h2>
        {canEdit && !editing && (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            <Settings2 aria-hidden />
            ルールを変更
          </Button>
        )}
      </div>
      {editing ? (
        <RulesEditor challenge={challenge} onDone={() => setEditing(false)} />
      ) : (
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          {votingRulesSummary(challenge.votingRules).map((line) => (
            <div key={line.label} className="flex flex-wrap gap-x-2">
              <dt className="text-zinc-600">{line.label}:</dt>
              <dd className="font-semibold text-zinc-900">{line.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {refusal && <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-800">{refusal}</p>}
    </Card>
  );
}

function RulesEditor({ challenge, onDone }: { challenge: ChallengeDetail; onDone: () => void }) {
  const toast = useToast();
  const [rules, setRules] = useState<VotingRules>(challenge.votingRules);
  const [saving, setSaving] = useState(false);
  const update = useMutation(api.challengeVotingRules.update);
  const save = async () => {
    setSaving(true);
    try {
      await update({ challengeId: challenge._id, votingRules: rules });
      toast.success(VOTING_RULES_MESSAGES.updated);
      onDone();
    } catch (error) {
      toast.error(readServerError(error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <VotingRulesFields value={rules} onChange={setRules} disabled={saving} />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone} disabled={saving}>
          キャンセル
        </Button>
        <Button loading={saving} onClick={() => void save()}>
          保存
        </Button>
      </div>
    </div>
  );
}
