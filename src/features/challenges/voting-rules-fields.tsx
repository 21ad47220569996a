import { EyeOff, Vote } from "lucide-react";
import { useId } from "react";
import { VOTER_RULE_LABELS, VOTER_RULES, type VoterRule, type VotingRules } from "../../../convex/model/votingRules";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";

/** A line under each choice saying what it means for voters. */
const VOTER_RULE_HINTS: Record<VoterRule, string> = {
  anyone: "ログインしていればだれでも投票できます",
  established: "作ったばかりのアカウントからの投票を防ぎます",
  creators: "作品を公開しているクリエイターだけが投票できます",
  entrants: "このチャレンジの参加者どうしで投票します",
};

type VotingRulesFieldsProps = {
  value: VotingRules;
  onChange: (rules: VotingRules) => void;
  disabled?: boolean;
};

/**
 * 投票のルール: who may vote and whether counts stay hidden until the end. The server holds the
 * same choices (model/votingRules.ts) and refuses votes that break them.
 */
export function VotingRulesFields({ value, onChange, disabled }: VotingRulesFieldsProps) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-4 rounded-2xl border border-zinc-200 p-4 sm:p-5" disabled={disabled}>
      <legend className="flex items-center gap-1.5 px-1 text-sm font-semibold text-zinc-900">
        <Vote aria-hidden className="size-4 text-brand-600" />
        投票のルール
      </legend>
      <div role="radiogroup" aria-labelledby={`${id}-voters`} className="flex flex-col gap-2">
        <p id={`${id}-voters`} className="text-sm font-medium text-zinc-800">
          投票できる人
        </p>
        {VOTER_RULES.map((rule) => (
          <label
            key={rule}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5 text-sm",
              value.voters === rule ? "border-brand-300 bg-brand-50" : "border-zinc-200 hover:border-zinc-300",
            )}
          >
            <input
              type="radio"
              name={`${id}-voters`}
              value={rule}
              checked={value.voters === rule}
              onChange={() => onChange({ ...value, voters: rule })}
              className="mt-0.5 size-4 accent-brand-600"
            />
            <span className="min-w-0">
              <span className="block font-semibold text-zinc-900">{VOTER_RULE_LABELS[rule]}</span>
              <span className="block text-xs text-zinc-600">{VOTER_RULE_HINTS[rule]}</span>
            </span>
          </label>
        ))}
      </div>
      <div className="flex items-center justify-between gap-4 border-t border-zinc-100 pt-4">
        <div className="min-w-0">
          <Label htmlFor={`${id}-hide`}>
            <EyeOff aria-hidden className="size-4 text-zinc-600" />
            投票数を終了まで非公開
          </Label>
          <p id={`${id}-hide-description`} className="mt-0.5 text-xs text-zinc-600 sm:text-sm">
            投票期間中は投票数を見せず、作品をランダムな順に並べます。投票が締め切られると公開されます。
          </p>
        </div>
        <Switch
          id={`${id}-hide`}
          checked={value.hideCounts}
          onCheckedChange={(hideCounts) => onChange({ ...value, hideCounts })}
          aria-describedby={`${id}-hide-description`}
        />
      </div>
    </fieldset>
  );
}
